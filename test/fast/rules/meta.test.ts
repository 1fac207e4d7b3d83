// The rule set is complete and consistent: every rule has its file (named by its id), its doc,
// valid and invalid fixtures. The catalog is the project's own: the rule files, docs/rules/ and the
// README table, which must agree.
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { RULES } from '../../../server/src/rules/index';
import { FixtureFiles, rootFixtures } from '../../helpers/fixtures';
import { analyze, Analysis, firstUsageNode, OpenApiObject } from '../../../server/src/model/analysis';
import { DocumentStore, isLoadFailure, SourceDocument } from '../../../server/src/model/documents';
import { Rule, RuleContext } from '../../../server/src/check/types';
import { SPEC_HEADINGS } from '../../../server/src/model/facts';
import { fixturePath, REPO_ROOT } from '../../helpers/paths';
import { README_PATH, ruleDoc, ruleDocPath, withReadmeRuleTable } from '../../tools/rule-docs';

// The rules the core issue promises; later issues add the rest of the catalog.
const CORE_RULES = [
  'syntax', 'openapi-version', 'required-field', 'unknown-field', 'field-type', 'ref-not-allowed',
  'path-leading-slash', 'path-query-string', 'path-template', 'path-params-defined', 'path-params-used',
  'path-param-required', 'equivalent-paths', 'unknown-method', 'operation-id-unique', 'duplicate-parameter',
  'request-body-method', 'ref-syntax', 'ref-pointer-escape', 'ref-yaml-comment', 'ref-unresolved', 'ref-siblings',
  'responses-empty', 'response-code', 'response-code-quoted', 'response-description', 'success-response',
  'empty-body-content', 'media-type',
];
const RULES_DIR = path.join(REPO_ROOT, 'server', 'src', 'rules');
/** Rules about our own suppression comments, not the specification: no section to cite. */
const OWN_SUPPRESSION_RULES = new Set(['unused-suppression']);
/** The registry; every other file in rules/ is one rule. */
const REGISTRY = 'index';

describe('rule set', () => {
  it('has every rule of the core issue', () => {
    const ids = new Set(RULES.map((r) => r.id));
    assert.deepEqual(CORE_RULES.filter((id) => !ids.has(id)), []);
  });

  it('has a doc page for every rule and no page for a rule that does not exist', () => {
    const pages = fs.readdirSync(path.join(REPO_ROOT, 'docs', 'rules')).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
    assert.deepEqual(pages.sort(), RULES.map((r) => r.id).sort());
  });

  it('is registered sorted by id, without duplicates', () => {
    const ids = RULES.map((r) => r.id);
    assert.deepEqual(ids, [...new Set(ids)].sort());
  });

  it('has one file per rule, named by its id, and every rule file is registered', () => {
    const files = fs.readdirSync(RULES_DIR).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).filter((f) => f !== REGISTRY);
    assert.deepEqual(files.sort(), RULES.map((r) => r.id).sort());
    for (const rule of RULES) {
      const source = fs.readFileSync(path.join(RULES_DIR, `${rule.id}.ts`), 'utf8');
      assert.match(source, new RegExp(`id: '${rule.id}'`), `${rule.id}.ts defines the rule ${rule.id}`);
    }
  });

  it('README lists every rule with its doc (npm run docs)', () => {
    const readme = fs.readFileSync(README_PATH, 'utf8');
    assert.equal(readme, withReadmeRuleTable(readme, RULES));
  });

  for (const rule of RULES) {
    it(`${rule.id}: has metadata, fixtures and a current doc`, () => {
      assert.ok(rule.description.length > 20, 'a description');
      assert.ok(Object.keys(rule.messages).length > 0, 'messages');
      assert.ok((rule.rationale?.length ?? 0) > 20, 'why it matters (rationale)');
      if (!OWN_SUPPRESSION_RULES.has(rule.id)) {
        assert.ok(rule.spec?.length, 'the OpenAPI 3.0.3 sections it enforces (spec)');
        for (const heading of rule.spec!) assert.ok(SPEC_HEADINGS.has(heading), `"${heading}" is a heading of the OpenAPI 3.0.3 text`);
      }
      // Users cannot open our internal rules document, and the Problems panel shows Markdown as is.
      for (const text of [rule.description, rule.rationale!, ...Object.values(rule.messages)]) assert.doesNotMatch(text, /§/, 'cites nothing users cannot open');
      for (const message of Object.values(rule.messages)) assert.doesNotMatch(message, /`/, `plain text, no backticks: ${message}`);
      assert.ok(rule.kinds?.length || rule.checkReference || rule.checkDocument || rule.checkSuppressions, 'something to check');
      const fixtures = rootFixtures(fixturePath('rules', rule.id));
      assert.ok(fixtures.some((f) => f.kind === 'valid'), 'a valid fixture');
      assert.ok(fixtures.some((f) => f.kind === 'invalid'), 'an invalid fixture');
      assert.ok(fs.existsSync(ruleDocPath(rule)), `docs/rules/${rule.id}.md exists (npm run docs)`);
      assert.equal(fs.readFileSync(ruleDocPath(rule), 'utf8'), ruleDoc(rule), `docs/rules/${rule.id}.md is current (npm run docs)`);
    });
  }

  /** Every object of every rule fixture that a rule watches, with its file and analysis. */
  function* watchedObjects(rule: Rule): Generator<{ file: string; analysis: Analysis; object: OpenApiObject }> {
    for (const dir of fs.readdirSync(fixturePath('rules'))) {
      for (const { file } of rootFixtures(fixturePath('rules', dir))) {
        const store = new DocumentStore(new FixtureFiles());
        const doc = store.get(file);
        if (isLoadFailure(doc)) continue;
        const analysis = analyze(doc as SourceDocument, store);
        for (const object of analysis.objects) if (rule.kinds!.includes(object.kind)) yield { file, analysis, object };
      }
    }
  }
  // An editor keeps a `local` rule's findings for objects an edit did not touch, so such a rule
  // must not read anything but the object's node: run it on every fixture where the analysis and
  // the object's place throw when read.
  const forbidden = (what: string) => new Proxy({}, { get: (_, key) => { throw new Error(`a local rule read ${what}.${String(key)}`); } });
  for (const rule of RULES.filter((r) => r.local)) {
    it(`${rule.id}: is local, reading only the object it checks`, () => {
      let objects = 0;
      for (const { object } of watchedObjects(rule)) {
        objects++;
        const bare = { kind: object.kind, node: object.node, doc: object.doc } as OpenApiObject;
        Object.defineProperty(bare, 'parent', { get: () => forbidden('object.parent') });
        // The first usage's node is the one read allowed (whether a `$ref` led there: kind-fit.ts);
        // the planner keeps a finding only where it is the same (edit-planner.ts sameRole).
        const firstOnly = new Proxy([], {
          get: (_, key) => {
            if (key === '0') return { get node() { return firstUsageNode(object); } };
            throw new Error(`a local rule read object.usages.${String(key)}`);
          },
        });
        Object.defineProperty(bare, 'usages', { get: () => firstOnly });
        // The kinds its own node is used as are the one read allowed (the planner keeps a finding
        // only where they are the same: edit-planner.ts sameRole).
        const analysis = new Proxy({}, {
          get: (_, key) => {
            if (key === 'objectsAt') return (node: unknown) => (node === object.node ? [object] : forbidden('analysis.objectsAt of another node'));
            throw new Error(`a local rule read analysis.${String(key)}`);
          },
        });
        const context: RuleContext = { analysis: analysis as RuleContext['analysis'], options: {}, report: () => undefined };
        rule.checkObject!(bare, context);
      }
      assert.ok(objects > 0);
      // Reads the fixtures may not reach (a `$ref` schema...) are ruled out in the source.
      const source = fs.readFileSync(path.join(RULES_DIR, `${rule.id}.ts`), 'utf8');
      assert.doesNotMatch(source.replaceAll('context.analysis.objectsAt(object.node)', ''), /context\.analysis|\.usages\b|object\.parent\b/);
    });
  }
  // The engine calls a rule that names its members only for objects with one of them: called on
  // every object of every fixture, such a rule reports nothing on one without them.
  for (const rule of RULES.filter((r) => r.members)) {
    it(`${rule.id}: reports nothing on an object without one of its members`, () => {
      let without = 0;
      let reported = 0;
      for (const { file, analysis, object } of watchedObjects(rule)) {
        const has = (object.node.children ?? []).some((member) => rule.members!.includes(member.key as string));
        const report = () => {
          reported++;
          assert.ok(has, `${rule.id} reported on ${file}#${object.node.pointer}, which has none of ${rule.members!.join(', ')}`);
        };
        if (!has) without++;
        const steps = rule.checkObject!(object, { analysis, options: {}, report });
        if (steps) for (const _ of steps);
      }
      assert.ok(without > 0 && reported > 0, 'objects with and without the members were checked');
    });
  }
  for (const rule of RULES.filter((r) => r.localThroughRefs)) {
    it(`${rule.id}: reads the analysis only to follow references`, () => {
      const source = fs.readFileSync(path.join(RULES_DIR, `${rule.id}.ts`), 'utf8');
      assert.doesNotMatch(source, /\.usages\b|analysis\.(?!resolve\b)[a-z]+|object\.parent\?\.(?!kind\b)/i);
      assert.ok(!rule.local, 'one of local and localThroughRefs');
    });
  }
});
