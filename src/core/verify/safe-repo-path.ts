/** Longest repo-relative path accepted from untrusted text; GitHub's own limit is 4096 bytes. */
const MAX_PATH_CHARS = 400;

/**
 * `raw` as a repo-relative file path, or null when it is not one we may fetch: absolute (`/x`, `~/x`,
 * `C:\x`), climbing (`..`), a URL or any other `scheme:`, a backslash, a control character, empty
 * segments (`a//b`), a directory (`src/`), whitespace, or a character Git or Markdown treats
 * specially (`* ? " < > |` and backticks). A leading `./` is dropped. The App fetches what this
 * returns at the head SHA, so it must never name anything outside the repository.
 */
export function safeRepoPath(raw: string): string | null {
  const path = raw
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .replace(/^(?:\.\/)+/, '');
  if (path === '' || path.length > MAX_PATH_CHARS) return null;
  if (/[\\:*?"<>|`\s\p{Cc}]/u.test(path) || /^[/~]/.test(path) || path.endsWith('/')) return null;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return path;
}
