import { lstatSync, realpathSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * A predicate for chooseFixer: `path` (relative to `root`) is a regular file, not a symlink, whose real
 * location is inside the repository.
 */
export function repoFileCheck(root: string): (path: string) => boolean {
  const realRoot = (() => {
    try {
      return realpathSync(root);
    } catch {
      return resolve(root);
    }
  })();
  return (path) => {
    try {
      const full = join(root, path);
      if (!lstatSync(full).isFile()) return false;
      const rel = relative(realRoot, realpathSync(full));
      return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep);
    } catch {
      return false;
    }
  };
}
