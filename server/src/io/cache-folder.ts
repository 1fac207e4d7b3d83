// The user's cache folder for openapi-check (remote documents, compiled code): the system's cache
// folder (XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), one per user, never
// beside a project. Nothing here creates it.
import * as os from 'os';
import * as path from 'path';

export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const home = os.homedir();
  const base =
    process.platform === 'win32' ? env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local')
    : process.platform === 'darwin' ? path.join(home, 'Library', 'Caches')
    : env.XDG_CACHE_HOME || path.join(home, '.cache');
  return path.join(base, 'openapi-check');
}
