// Writes docs/rules/<id>.md for every rule: node scripts/rule-docs.mjs
import * as fs from 'fs';
import * as path from 'path';
import { RULES } from '../../server/src/rules/index';
import { README_PATH, ruleDoc, ruleDocPath, withReadmeRuleTable } from './rule-docs';

for (const rule of RULES) {
  fs.mkdirSync(path.dirname(ruleDocPath(rule)), { recursive: true });
  fs.writeFileSync(ruleDocPath(rule), ruleDoc(rule));
}
fs.writeFileSync(README_PATH, withReadmeRuleTable(fs.readFileSync(README_PATH, 'utf8'), RULES));
console.log(`wrote ${RULES.length} rule docs and the README's rule table`);
