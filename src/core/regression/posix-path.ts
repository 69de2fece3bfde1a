/**
 * Repository-relative path helpers for the pure core (node:path is I/O territory by house rule).
 * Paths are POSIX, relative to the repository root, with no leading `./`.
 */

/** The directory part of a repo-relative path: `src/a/b.ts` → `src/a`, `b.ts` → ``. */
export function dirnamePosix(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * Joins segments and resolves `.` and `..`. Returns null when the result climbs out of the
 * repository root (`../outside`), which can never name a project file.
 */
export function joinPosix(...parts: string[]): string | null {
  const out: string[] = [];
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join('/');
}
