// `openapi-check docs` on a multi-file document, opened in headless chromium from a file: it renders
// every operation and schema of the bundle with no request beyond the page itself, and follows a
// dark colour scheme. Needs `npm run build` and Debian's chromium (scripts/ensure-code-server.sh).
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Browser, chromium } from 'playwright-core';
import { cli, tempDir } from '../../helpers/cli';
import { fixturePath } from '../../helpers/paths';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('openapi-check docs', { timeout: 120_000 }, () => {
  let browser: Browser;
  let dir: string;
  let page: string;
  let bundled: { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };

  before(async () => {
    dir = tempDir();
    fs.cpSync(fixturePath('bundle', 'split'), path.join(dir, 'api'), { recursive: true });
    const written = cli(['docs', 'api/openapi.yaml', '-o', 'index.html'], dir);
    assert.equal(written.code, 0, written.stderr);
    page = path.join(dir, 'index.html');
    const json = cli(['bundle', 'api/openapi.yaml', '--format', 'json'], dir);
    assert.equal(json.code, 0, json.stderr);
    bundled = JSON.parse(json.stdout);
    // Scratch profile and temp files: chromium leaves none in $HOME or /tmp.
    const scratch = path.join(dir, 'chromium');
    fs.mkdirSync(scratch);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS,
      env: { ...process.env, TMPDIR: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch, XDG_DATA_HOME: scratch, HOME: scratch },
    });
  });

  after(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders every operation and schema offline, with no request but the page', async () => {
    const context = await browser.newContext();
    const requested: string[] = [];
    const refused: string[] = [];
    const tab = await context.newPage();
    tab.on('request', (r) => requested.push(r.url()));
    tab.on('console', (m) => { if (/Content Security Policy|Refused/i.test(m.text())) refused.push(m.text()); });
    tab.on('pageerror', (e) => refused.push(String(e)));
    // Nothing may leave the machine even if the page tried.
    await context.route(/^https?:/, (route) => route.abort());
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForSelector('.opblock', { timeout: 30_000 });
    const operations = await tab.locator('.opblock-summary').evaluateAll((blocks) => blocks.map((b) =>
      `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`));
    const expected = Object.entries(bundled.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${p}`));
    assert.deepEqual([...operations].sort(), expected.sort());
    assert.ok(expected.length >= 2, `the fixture has operations from two files: ${expected.join(', ')}`);
    const visible = await tab.locator('body').innerText();
    for (const op of expected) {
      const [method, p] = op.split(' ');
      assert.match(visible, new RegExp(`${method}\\s+${p.replace(/[{}]/g, '\\$&').replace(/\//g, '\\/\u200b?')}`), `${op} is shown`);
    }
    const models = await tab.locator('.models .model-box').allInnerTexts();
    for (const name of Object.keys(bundled.components.schemas)) assert.ok(models.some((m) => m.includes(name)), `the ${name} schema is shown`);
    assert.deepEqual(requested, [pathToFileURL(page).href], 'no request but the page');
    assert.deepEqual(refused, []);
    assert.equal(await tab.title(), 'Split petstore');
    await context.close();
  });

  it('follows a dark colour scheme', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const tab = await context.newPage();
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForSelector('.opblock', { timeout: 30_000 });
    assert.equal(await tab.locator('html.dark-mode .swagger-ui .info').count(), 1);
    await context.close();
  });

  it('says so when the root cannot be bundled', () => {
    const missing = cli(['docs', 'nowhere.yaml'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^openapi-check docs: cannot bundle nowhere\.yaml: /);
    assert.equal(missing.stdout, '');
  });
});
