import { safeRepoPath } from './safe-repo-path.js';
import { visibleLines } from './visible-lines.js';

/**
 * A line that starts (after a list marker or bold) with Task / Task spec / Task file / Spec / Specification.
 */
const LEAD = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?(task(?:[ -]spec(?:ification)?|[ -]file)?|spec(?:ification)?)\b/i;
const LABEL_VALUE = /^\s*(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*)$/;
const LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const SPEC_FILE = /\.(?:md|markdown)$/i;

/**
 * The task spec a pull request links to, as a repo-relative path, or null. Accepted, outside code
 * blocks and HTML comments, first match wins, on a line that starts with `Task`, `Task spec`,
 * `Task file`, `Spec` or `Specification` (after an optional list marker or `**`):
 *
 * - the label, a colon, then the path, plain or in backticks: `Task spec: docs/tasks/TASK-007.md`,
 *   ``Spec: `tasks/x.md` ``;
 * - a Markdown link anywhere on that line: `Task: [TASK-007](docs/tasks/TASK-007.md)`; with `repoUrl`
 *   (`https://github.com/owner/name`, or a GitHub Enterprise Server's), a link to a file of that
 *   repository (`https://github.com/owner/name/blob/main/docs/x.md`) reads as its path.
 *
 * The path must end in `.md` or `.markdown`. Refused: absolute paths, `..`, backslashes, whitespace,
 * and URLs to any other host or repository (see safeRepoPath).
 */
export function findTaskSpecPath(prBody: string, repoUrl?: string): string | null {
  for (const line of visibleLines(prBody)) {
    const lead = LEAD.exec(line);
    if (lead === null) continue;
    const links = [...line.matchAll(LINK)].map((m) => linkPath(m[1] ?? '', repoUrl));
    const value = LABEL_VALUE.exec(line.slice(lead[0].length));
    const named = value === null ? null : labelledPath(value[1] ?? '');
    const found = [...links, named].find((p) => p !== null && SPEC_FILE.test(p));
    if (found) return found;
  }
  return null;
}

/** The path after `Label:`: the first backticked span, or else the first word, trailing punctuation off. */
function labelledPath(value: string): string | null {
  const ticked = /`([^`]+)`/.exec(value);
  const word = ticked?.[1] ?? value.trim().split(/\s+/)[0] ?? '';
  return word.startsWith('[') ? null : safeRepoPath(word.replace(/[.,;:!)]+$/, ''));
}

function linkPath(target: string, repoUrl: string | undefined): string | null {
  const bare = target.replace(/[#?].*$/, '');
  if (!/^[a-z][a-z0-9+.-]*:/i.test(bare)) return safeRepoPath(decodePath(bare));
  if (repoUrl === undefined) return null;
  const prefix = `${repoUrl.replace(/\/+$/, '')}/blob/`.toLowerCase();
  if (!bare.toLowerCase().startsWith(prefix)) return null;
  const afterRef = bare.slice(prefix.length).split('/').slice(1).join('/');
  return safeRepoPath(decodePath(afterRef));
}

/** `%20` and friends as characters; a malformed escape leaves the path as written. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
