// `openapi-check`'s executable (dist/cli.js): runs the CLI's bundle (dist/cli-main.js) from a V8 code
// cache kept in the user's cache folder, written after the first check. Compiling the 1 MB bundle
// and then each function a check calls is most of a small document's check (a petstore: 0.36 ->
// 0.29 s, CPU 0.17 -> 0.13 s) and about 3% of GitHub's 13 MB description's CPU time. Node 20 has no
// compile cache of its own (module.enableCompileCache is Node 22's). A cache that is missing,
// unreadable or rejected by V8 (another Node.js, other flags) only means compiling as usual.
// NODE_DISABLE_COMPILE_CACHE turns it off, as it does Node's; OPENAPI_CHECK_COMPILE_CACHE_DIR
// names another folder.
import * as fs from 'fs';
import Module from 'module';
import * as path from 'path';
import * as vm from 'vm';
import { userCacheFolder } from '../io/cache-folder';
import { tuneForOneRun } from './v8-tuning';

/** Cache files kept: one per build of the CLI and Node.js; several installs may share the folder. */
const CACHES_KEPT = 8;

function cacheFolder(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return process.env.OPENAPI_CHECK_COMPILE_CACHE_DIR || path.join(userCacheFolder(), 'compile');
}

/** The cache's name tells the build and the Node.js it is for (V8 checks only the source's length). */
function cacheName(bundle: string): string {
  const stat = fs.statSync(bundle);
  return `cli-main-${stat.size}-${Math.round(stat.mtimeMs)}-${process.version}-${process.arch}.cache`;
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written through a name of this process's own, so a concurrent run never reads half a file. */
function writeCache(folder: string, name: string, script: vm.Script): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
    const partial = path.join(folder, `${name}.${process.pid}.partial`);
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, path.join(folder, name));
    const caches = fs.readdirSync(folder).filter((f) => /^cli-main-.*\.cache$/.test(f));
    if (caches.length <= CACHES_KEPT) return;
    const byAge = caches.map((f) => ({ f, at: fs.statSync(path.join(folder, f)).mtimeMs })).sort((a, b) => a.at - b.at);
    for (const { f } of byAge.slice(0, caches.length - CACHES_KEPT)) fs.rmSync(path.join(folder, f), { force: true });
  } catch {
    // A read-only or full disk: the next run compiles again.
  }
}

// Before compiling: V8 accepts a code cache only under the flags it was made with.
tuneForOneRun();
const bundle = path.join(__dirname, 'cli-main.js');
const folder = cacheFolder();
const name = folder && cacheName(bundle);
const cached = folder && name ? readCache(path.join(folder, name)) : undefined;
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData: cached });
if (folder && name && (!cached || script.cachedDataRejected)) {
  // At exit, so that the cache holds the functions the check compiled, not only the top level;
  // after a check only (a run that printed its usage would cache little more than the top level).
  process.once('exit', () => {
    if (cli.exports.ranACheck()) writeCache(folder, name, script);
  });
}
const cli = { exports: {} as { main(): void; ranACheck(): boolean } };
script.runInThisContext()(cli.exports, Module.createRequire(bundle), cli, bundle, path.dirname(bundle));
cli.exports.main();
