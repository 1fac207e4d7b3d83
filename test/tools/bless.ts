// Developer tool: writes the annotations a rule's fixtures currently produce, and their .fixed
// files. The output must be reviewed line by line before it is committed: it records what the
// checker does, and a fixture is only worth something when a person has judged it right.
//   node scripts/bless.mjs <rule-id> [fixture-file...]
import * as fs from 'fs';
import * as path from 'path';
import { DocumentStore } from '../../server/src/model/documents';
import { checkDocument } from '../../server/src/check/checker';
import { readConfig } from '../../server/src/check/config';
import { RULE_IDS, RULES } from '../../server/src/rules/index';
import { applyEdits } from '../../server/src/syntax/edit';
import { FixtureFiles, fixedFileFor, fixedText, isAnnotation, rootFixtures } from '../helpers/fixtures';
import { fixturePath } from '../helpers/paths';

const [rule, ...only] = process.argv.slice(2);
if (!rule) throw new Error('usage: bless <rule-id> [file...]');
const dir = fixturePath('rules', rule);
const found = RULES.find((r) => r.id === rule);
const config = readConfig({ rules: found?.offByDefault ? { [rule]: found.severity } : {} }, RULE_IDS).config;
const annotatedFiles = new Map<string, Map<number, string[]>>();
for (const { file } of rootFixtures(dir)) {
  if (only.length && !only.some((o) => file.endsWith(o))) continue;
  const files = new FixtureFiles();
  const result = checkDocument(new DocumentStore(files), file, { rules: RULES, config });
  const mine = result.diagnostics.filter((d) => d.rule === rule);
  for (const d of mine) {
    if (!d.doc.path.startsWith(dir)) continue;
    const start = d.doc.lineIndex.positionAt(d.offset);
    const end = d.doc.lineIndex.positionAt(d.offset + d.length);
    if (end.line !== start.line) console.error(`multi-line diagnostic in ${d.doc.path}:${start.line + 1}: ${d.message}`);
    const width = end.line === start.line ? end.character - start.character : 1;
    const marks = width === 0 ? '|' : '^'.repeat(width);
    let perLine = annotatedFiles.get(d.doc.path);
    if (!perLine) annotatedFiles.set(d.doc.path, (perLine = new Map()));
    const list = perLine.get(start.line) ?? [];
    list.push(' '.repeat(start.character) + marks + ` ${d.severity} ${d.rule}: ${d.message}`);
    perLine.set(start.line, list);
  }
  const fixable = mine.filter((d) => d.fixes.length && d.doc.path === file);
  const fixed = fixedFileFor(file);
  const recheck = (t: string) => checkDocument(new DocumentStore({ read: (p) => (p === file ? { text: t } : files.read(p)) }), file, { rules: RULES, config }).diagnostics.filter((d) => d.rule === rule && d.doc.path === file);
  if (fixable.length) fs.writeFileSync(fixed, fixedText(files.texts.get(file)!, recheck));
  else if (fs.existsSync(fixed)) fs.unlinkSync(fixed);
  const second = fixable.filter((d) => d.fixes.length > 1);
  const fixed2 = fixed.replace(/\.fixed\./, '.fixed.2.');
  if (second.length) fs.writeFileSync(fixed2, applyEdits(files.texts.get(file)!, second.flatMap((d) => d.fixes[1].edits)));
  else if (fs.existsSync(fixed2)) fs.unlinkSync(fixed2);
  console.log(`${path.basename(file)}: ${mine.length} diagnostics, ${fixable.length} fixable`);
}
for (const [file, perLine] of annotatedFiles) {
  const source = fs.readFileSync(file, 'utf8');
  const clean = source.split('\n').filter((l) => !isAnnotation(l));
  const finalNewline = clean[clean.length - 1] === '' ? clean.pop() !== undefined : false;
  const out: string[] = [];
  clean.forEach((line, i) => {
    out.push(line);
    for (const a of perLine.get(i) ?? []) out.push(a);
  });
  fs.writeFileSync(file, out.join('\n') + (finalNewline ? '\n' : ''));
}
