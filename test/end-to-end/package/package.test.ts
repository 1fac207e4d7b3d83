// The .vsix holds what the extension needs and nothing else (`npm run package` builds it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'fs';
import * as path from 'path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/paths';

describe('extension package', () => {
  it('lists the bundles, the preview\'s files, grammar, rule and change kind docs, README, licence and icon only', () => {
    const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout.split('\n').filter(Boolean).sort();
    const outside = files.filter((f) => !/^(dist\/(client|server|index-worker|parse-worker|reader-worker|message-worker|convert-worker)\.js|dist\/preview\/(swagger-ui-bundle\.js|swagger-ui\.css|swagger-ui-LICENSE\.txt|preview\.js|preview\.css)|syntaxes\/[\w.-]+\.json|docs\/(rules|diff)\/[a-z0-9-]+\.md|README\.md|LICENSE|images\/icon\.png|package\.json)$/.test(f));
    assert.deepEqual(outside, []);
    for (const needed of ['dist/client.js', 'dist/server.js', 'dist/index-worker.js', 'dist/parse-worker.js', 'dist/reader-worker.js', 'dist/message-worker.js', 'dist/convert-worker.js', 'dist/preview/swagger-ui-bundle.js', 'dist/preview/swagger-ui.css', 'dist/preview/preview.js', 'dist/preview/preview.css', 'syntaxes/openapi.injection.json', 'README.md', 'LICENSE', 'images/icon.png']) assert.ok(files.includes(needed), needed);
    assert.equal(files.filter((f) => f.startsWith('docs/rules/')).length, fs.readdirSync(path.join(REPO_ROOT, 'docs', 'rules')).length);
    // The editor's breaking-change diagnostics link their kind's page.
    assert.equal(files.filter((f) => f.startsWith('docs/diff/')).length, fs.readdirSync(path.join(REPO_ROOT, 'docs', 'diff')).length);
  });

  it('declares the client, the grammar injection, the settings and both binaries', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    assert.equal(pkg.main, './dist/client.js');
    assert.deepEqual(pkg.bin, { 'openapi-check': 'dist/cli.js', 'openapi-language-server': 'dist/server.js' });
    assert.deepEqual(pkg.contributes.commands.map((c: { command: string }) => c.command), [
      'openapi30.preview', 'openapi30.setRemoteCredentials', 'openapi30.newDocument', 'openapi30.bundleToFile', 'openapi30.convertToOpenApi30', 'openapi30.checkWorkspace', 'openapi30.showFileRole',
    ]);
    // Every command is found under "OpenAPI" in the palette.
    assert.deepEqual(pkg.contributes.commands.filter((c: { category?: string }) => c.category !== 'OpenAPI'), []);
    assert.deepEqual(pkg.contributes.grammars.map((g: { injectTo: string[] }) => g.injectTo), [['source.yaml', 'source.json']]);
    assert.deepEqual(Object.keys(pkg.contributes.configuration.properties).sort(), [
      'openapi30.breakingChanges.base', 'openapi30.codeLens.references', 'openapi30.format.orderKeys', 'openapi30.format.quotes', 'openapi30.maxFileSize', 'openapi30.preview.scrollSync',
      'openapi30.remoteRefs.allow', 'openapi30.remoteRefs.maxMegabytes', 'openapi30.remoteRefs.timeoutSeconds', 'openapi30.rules', 'openapi30.trace.server', 'openapi30.workspace.maxDepth',
      'openapi30.workspace.maxFiles',
    ]);
  });
});
