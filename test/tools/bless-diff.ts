// Writes each diff fixture's changes.txt with the changes the diff reports now, for review:
// node scripts/bless-diff.mjs [kind...]
import * as fs from 'fs';
import * as path from 'path';
import { diffCases, NO_CHANGE, runCase } from '../helpers/diff-fixtures';

const only = process.argv.slice(2);
for (const c of diffCases()) {
  if (only.length && !only.includes(c.kind)) continue;
  const { lines, result } = runCase(c);
  if (result.crashes.length)
    console.error(`${c.kind}/${c.name}: crashes\n${result.crashes.map((x) => x.error).join('\n')}`);
  if (c.kind === NO_CHANGE && lines.length) console.error(`${c.kind}/${c.name}: reports ${lines.length} changes`);
  fs.writeFileSync(path.join(c.dir, 'changes.txt'), lines.map((l) => l + '\n').join(''));
  console.log(`${c.kind}/${c.name}: ${lines.length} change${lines.length === 1 ? '' : 's'}`);
}
