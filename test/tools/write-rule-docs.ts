// Writes docs/rules/<id>.md for every rule: node scripts/rule-docs.mjs
import * as fs from 'fs';
import * as path from 'path';
import { RULES } from '../../server/src/rules/index';
import { KINDS } from '../../server/src/diff/kinds/index';
import { diffKindDoc, diffKindDocPath, withReadmeKindTable } from './diff-docs';
import { README_PATH, ruleDoc, ruleDocPath, withReadmeRuleTable } from './rule-docs';

for (const rule of RULES) {
  fs.mkdirSync(path.dirname(ruleDocPath(rule)), { recursive: true });
  fs.writeFileSync(ruleDocPath(rule), ruleDoc(rule));
}
for (const kind of KINDS) {
  fs.mkdirSync(path.dirname(diffKindDocPath(kind)), { recursive: true });
  fs.writeFileSync(diffKindDocPath(kind), diffKindDoc(kind));
}
fs.writeFileSync(README_PATH, withReadmeKindTable(withReadmeRuleTable(fs.readFileSync(README_PATH, 'utf8'), RULES), KINDS));
console.log(`wrote ${RULES.length} rule docs, ${KINDS.length} change kind docs and the README's tables`);
