// Runs one of the CLI's bundles from a V8 code cache kept in the user's cache folder, written after
// the first run that checked something. Compiling the 1 MB bundle and then each function a check
// calls is most of a small document's check (a petstore: 0.36 -> 0.29 s, CPU 0.17 -> 0.13 s) and
// about 3% of GitHub's 13 MB description's CPU time. Node 20 has no compile cache of its own
// (module.enableCompileCache is Node 22's). A cache that is missing, unreadable or rejected by V8
// (another Node.js, other flags) only means compiling as usual. NODE_DISABLE_COMPILE_CACHE turns it
// off, as it does Node's; OPENAPI_CHECK_COMPILE_CACHE_DIR names another folder.
import * as fs from 'fs';
import Module from 'module';
import * as path from 'path';
import * as vm from 'vm';
import { userCacheFolder } from '../io/cache-folder';
import { flagsAsAtStart } from './v8-tuning';

/** Cache files kept per bundle: one per build of the CLI and Node.js; several installs may share the folder. */
const CACHES_KEPT = 8;

function cacheFolder(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return process.env.OPENAPI_CHECK_COMPILE_CACHE_DIR || path.join(userCacheFolder(), 'compile');
}

/** The cache's name tells the bundle, its build and the Node.js it is for (V8 checks only the source's length). */
function cacheName(bundle: string, prefix: string): string {
  const stat = fs.statSync(bundle);
  return `${prefix}-${stat.size}-${Math.round(stat.mtimeMs)}-${process.version}-${process.arch}.cache`;
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written through a name of this process's own, so a concurrent run never reads half a file. */
function writeCache(folder: string, name: string, prefix: string, script: vm.Script): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
    const partial = path.join(folder, `${name}.${process.pid}.partial`);
    flagsAsAtStart();
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, path.join(folder, name));
    const caches = fs.readdirSync(folder).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.cache'));
    if (caches.length <= CACHES_KEPT) return;
    const byAge = caches.map((f) => ({ f, at: fs.statSync(path.join(folder, f)).mtimeMs })).sort((a, b) => a.at - b.at);
    for (const { f } of byAge.slice(0, caches.length - CACHES_KEPT)) fs.rmSync(path.join(folder, f), { force: true });
  } catch {
    // A read-only or full disk: the next run compiles again.
  }
}

/**
 * Runs `bundle` (a CommonJS bundle beside this one) as a module and returns its exports. `prefix`
 * names its cache files (`cli-main`, `cli-worker-main`). At exit, when `worthWriting(exports)` says
 * the run checked something and the cache was missing or rejected, the cache is written: then it
 * holds the functions the check compiled, not only the top level.
 */
export function runFromCodeCache<T>(bundle: string, prefix: string, worthWriting: (exports: T) => boolean): T {
  const folder = cacheFolder();
  const name = folder && cacheName(bundle, prefix);
  const cached = folder && name ? readCache(path.join(folder, name)) : undefined;
  const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData: cached });
  const loaded = { exports: {} as T };
  if (folder && name && (!cached || script.cachedDataRejected)) {
    process.once('exit', () => {
      if (worthWriting(loaded.exports)) writeCache(folder, name, prefix, script);
    });
  }
  script.runInThisContext()(loaded.exports, Module.createRequire(bundle), loaded, bundle, path.dirname(bundle));
  return loaded.exports;
}
