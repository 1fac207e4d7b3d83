// The rule pages ship in the package (docs/rules/), without the repository's test/ folder: every
// relative link in them must stay inside what ships, and the fixtures are linked only on GitHub.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';
import { githubRepository } from '../../tools/rule-docs';

const SHIPPED = path.join(REPO_ROOT, 'docs', 'rules');

describe('links in the rule pages', () => {
  it('point only at files the package ships (no test/rules/ fixtures)', () => {
    const broken: string[] = [];
    for (const name of fs.readdirSync(SHIPPED).filter((n) => n.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(SHIPPED, name), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
        const resolved = path.resolve(SHIPPED, target.split('#')[0]);
        if (!resolved.startsWith(SHIPPED + path.sep) || !fs.existsSync(resolved)) broken.push(`${name}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('link the fixtures on GitHub when the repository is there, else not at all', () => {
    const page = fs.readFileSync(path.join(SHIPPED, 'ref-unresolved.md'), 'utf8');
    const repository = githubRepository();
    const line = `More examples: [test/rules/ref-unresolved/](${repository}/tree/HEAD/test/rules/ref-unresolved/).`;
    if (repository) assert.ok(page.includes(line), line);
    else assert.ok(!page.includes('More examples'), 'package.json names no GitHub repository: no link');
  });
});
