// End-to-end tests in real VS Code: code-server (VS Code 1.100.3 server + web workbench, a real
// Node extension host) driven by Debian's headless chromium through playwright-core.
// The suite (test/e2e/suite.ts) uses the `vscode` API, and asks this script, its driver, for what
// only the page can do: press keys, hover with Ctrl, read and click what the workbench shows,
// take screenshots (into test-output/screenshots/, ignored by git). Exit code 0 when it passes.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? 240_000);

const install = spawnSync('bash', [join(root, 'scripts', 'ensure-code-server.sh')], { stdio: 'inherit' });
if (install.status !== 0) throw new Error('installing code-server and chromium failed');
if (spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
await build({
  entryPoints: [join(root, 'test', 'e2e', 'suite.ts')], outfile: join(root, 'dist', 'test', 'e2e', 'index.js'),
  bundle: true, platform: 'node', format: 'cjs', external: ['vscode', 'mocha'], logLevel: 'warning',
});

/** Does what the suite asked in the page, and writes the answer where the suite waits for it. */
async function answer(page, request) {
  let result;
  try {
    result = { value: await drive(page, request) };
  } catch (e) {
    result = { error: String(e?.stack ?? e) };
  }
  // Written aside and renamed: the suite polls for the file and must never read it half-written.
  const file = join(driverDir, `${request.id}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(result));
  renameSync(`${file}.tmp`, file);
}

async function drive(page, request) {
  switch (request.action) {
    case 'screenshot':
      await page.screenshot({ path: join(screenshots, `${request.name}.png`) });
      return join(screenshots, `${request.name}.png`);
    case 'press':
      for (const key of request.keys) await page.keyboard.press(key);
      return null;
    case 'type':
      await page.keyboard.type(request.text, { delay: 20 });
      return null;
    case 'texts': {
      // The visible text of every element matching a selector.
      return page.locator(request.selector).evaluateAll((elements) =>
        elements.filter((e) => e.getClientRects().length > 0).map((e) => e.getAttribute('aria-label') || e.textContent || ''));
    }
    case 'webviewTexts': {
      // The same inside webviews (the preview): they are frames within frames of the workbench.
      const texts = [];
      for (const frame of page.frames()) {
        texts.push(...await frame.locator(request.selector).evaluateAll((elements) =>
          elements.filter((e) => e.getClientRects().length > 0).map((e) => e.textContent || '')).catch(() => []));
      }
      return texts;
    }
    case 'webviewInView': {
      // How many elements matching a selector are scrolled into their webview's view (the top within it; scrolled
      // to the start, a top can be a fraction of a pixel above).
      let count = 0;
      for (const frame of page.frames()) {
        count += await frame.locator(request.selector).evaluateAll((elements) =>
          elements.filter((e) => { const top = e.getBoundingClientRect().top; return top >= -1 && top < window.innerHeight; }).length).catch(() => 0);
      }
      return count;
    }
    case 'webviewClick': {
      for (const frame of page.frames()) {
        const target = frame.locator(request.selector);
        if (await target.count().catch(() => 0)) return void await target.first().click();
      }
      throw new Error(`no ${request.selector} in any webview`);
    }
    case 'webviewFill': {
      // Types into a field of a webview (replacing what it held), as Try it out's forms are filled.
      for (const frame of page.frames()) {
        const target = frame.locator(request.selector);
        if (await target.count().catch(() => 0)) return void await target.first().fill(request.text);
      }
      throw new Error(`no ${request.selector} in any webview`);
    }
    case 'webviewReveal': {
      // Scrolls the first element matching a selector into its webview's view (before a screenshot).
      for (const frame of page.frames()) {
        const target = frame.locator(request.selector);
        if (await target.count().catch(() => 0)) return void await target.first().scrollIntoViewIfNeeded();
      }
      throw new Error(`no ${request.selector} in any webview`);
    }
    case 'webviewFile': {
      // Chooses a file for an <input type=file> of a webview: { name, mimeType, base64 }.
      for (const frame of page.frames()) {
        const target = frame.locator(request.selector);
        if (await target.count().catch(() => 0)) {
          return void await target.first().setInputFiles({ name: request.name, mimeType: request.mimeType, buffer: Buffer.from(request.base64, 'base64') });
        }
      }
      throw new Error(`no ${request.selector} in any webview`);
    }
    case 'click': {
      const target = page.locator(request.selector).filter({ hasText: request.text }).first();
      await target.click({ modifiers: request.modifiers ?? [] });
      return null;
    }
    case 'hover': {
      // The mouse over the first rendered occurrence of a text in the editor, with modifier keys held.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      const span = page.locator('.monaco-editor .view-lines span span').filter({ hasText: request.text }).first();
      const box = await span.boundingBox();
      if (!box) throw new Error(`no ${request.text} on screen`);
      for (const key of request.modifiers ?? []) await page.keyboard.down(key);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      await page.waitForTimeout(request.waitMs ?? 1500);
      const hovers = await page.locator('.monaco-hover:visible').evaluateAll((elements) => elements.map((e) => ({
        text: e.textContent ?? '',
        codeBlocks: e.querySelectorAll('.monaco-tokenized-source, pre, div.code').length,
      })));
      if (request.screenshot) await page.screenshot({ path: join(screenshots, `${request.screenshot}.png`) });
      for (const key of request.modifiers ?? []) await page.keyboard.up(key);
      await page.mouse.move(0, 0);
      return hovers;
    }
    default:
      throw new Error(`unknown driver action ${request.action}`);
  }
}

// Scratch space for code-server and chromium: they would otherwise leave state in $HOME and /tmp.
const scratch = mkdtempSync(join(tmpdir(), 'openapi-e2e-'));
const workspace = join(scratch, 'workspace');
cpSync(join(root, 'examples', 'petstore'), workspace, { recursive: true });
// A second project in a subfolder: two roots sharing a components file (workspace-wide features).
cpSync(join(root, 'test', 'fixtures', 'workspace'), join(workspace, 'multi'), { recursive: true });
for (const d of ['tmp', 'config', 'data', 'cache', 'user-data', 'extensions']) mkdirSync(join(scratch, d), { recursive: true });
const driverDir = join(scratch, 'driver');
const screenshots = join(root, 'test-output', 'screenshots');
mkdirSync(driverDir, { recursive: true });
mkdirSync(screenshots, { recursive: true });
const env = {
  ...process.env, TMPDIR: join(scratch, 'tmp'), XDG_CONFIG_HOME: join(scratch, 'config'), XDG_DATA_HOME: join(scratch, 'data'), XDG_CACHE_HOME: join(scratch, 'cache'),
  // The extension host inherits it: where the suite reads the driver's answers.
  OPENAPI_E2E_DRIVER_DIR: driverDir,
};

// OPENAPI_E2E_RESTRICTED=1: workspace trust on, so the folder opens in Restricted Mode (the suite's
// "Restricted Mode" tests, run with OPENAPI_E2E_GREP=Restricted; the extension host sees the variable too).
const trustFlags = process.env.OPENAPI_E2E_RESTRICTED === '1' ? [] : ['--disable-workspace-trust'];
const server = spawn(process.execPath, [
  join(root, '.tools', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  '--auth', 'none', '--bind-addr', '127.0.0.1:0', '--disable-telemetry', '--disable-update-check', ...trustFlags,
  '--user-data-dir', join(scratch, 'user-data'), '--extensions-dir', join(scratch, 'extensions'), workspace,
], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let serverLog = '';
const port = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`code-server did not start:\n${serverLog}`)), 60_000);
  const onData = (chunk) => {
    serverLog += chunk;
    const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(serverLog);
    if (m) {
      clearTimeout(timer);
      resolve(Number(m[1]));
    }
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', (code) => reject(new Error(`code-server exited with ${code}:\n${serverLog}`)));
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  env,
});
let exitCode = 1;
try {
  const page = await browser.newPage();
  // A tab the extension opens (vscode.env.openExternal: an OAuth sign-in page) is a new page of this context.
  page.context().on('page', (opened) => console.log(`[e2e] the workbench opened a tab: ${opened.url()}`));
  const done = new Promise((resolve) => {
    void page.exposeFunction('codeAutomationExit', (code) => resolve(code));
  });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    const request = /^\[e2e-driver\] (.*)$/.exec(line);
    if (request) void answer(page, JSON.parse(request[1]));
    else console.log(line);
  });
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(root)],
    ['extensionTestsPath', remote(join(root, 'dist', 'test', 'e2e', 'index.js'))],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  exitCode = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('timeout'), TIMEOUT_MS))]);
  if (exitCode === 'timeout') {
    console.error(`end-to-end tests did not finish in ${TIMEOUT_MS / 1000} s`);
    exitCode = 1;
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
}
console.log(`end-to-end tests in code-server: ${exitCode === 0 ? 'passed' : 'failed'}`);
console.log(`screenshots: ${screenshots}`);
process.exit(exitCode);
