/**
 * `text` with the repository's absolute root taken out of every path (`/tmp/x/src/a.ts:3` → `src/a.ts:3`,
 * a bare `/tmp/x` → `.`): reports name files as the repository does, not where one checkout happened
 * to be. `roots`: every spelling of the root (as given, and resolved through symlinks).
 */
export function relativePaths(text: string, roots: readonly string[]): string {
  let out = text;
  for (const root of [...new Set(roots)].filter((r) => r.length > 1).sort((a, b) => b.length - a.length)) {
    const base = root.replace(/[\\/]+$/, '');
    out = out.split(`${base}/`).join('');
    out = out.replace(new RegExp(`${escape(base)}(?![\\w.-])`, 'g'), '.');
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
