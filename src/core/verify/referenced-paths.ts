import { extractFileMentions } from '../report/file-mentions.js';
import { uniqueInOrder } from '../report/truncate-text.js';
import type { Criterion } from './extract-criteria.js';
import { safeRepoPath } from './safe-repo-path.js';

/** Paths handed to the App to fetch at the head: a bound on untrusted input. */
export const MAX_REFERENCED_PATHS = 50;

const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const TICKED = /`([^`\n]+)`/g;
/** Files without an extension that a criterion may still name. */
const BARE_NAMES =
  /^(?:Dockerfile|Containerfile|Makefile|Procfile|Gemfile|Rakefile|Jenkinsfile|Vagrantfile|LICENSE|CODEOWNERS|README|CHANGELOG)$/;
/** `Node.js`, `Vue.js`, `Next.js`: names of projects, not files, when they stand without a folder. */
const PROJECT_NAME = /^[A-Z][A-Za-z0-9]*\.js$/;

/**
 * The repo-relative files the criteria name, in order, deduplicated, at most 50: the App fetches them
 * at the head SHA as the artifacts to inspect. See pathsInText for what counts as naming a file.
 */
export function referencedPaths(criteria: readonly Criterion[]): string[] {
  return uniqueInOrder(criteria.flatMap((c) => pathsInText(c.text))).slice(0, MAX_REFERENCED_PATHS);
}

/**
 * Files named in one criterion: a Markdown link to a repo-relative target; a backticked path
 * (`src/api/users.ts`, `docs/x.md:12`, `docker/Dockerfile`, `package.json`); and in plain text a
 * path-looking word with a known source extension (`src/app.ts`, `README.md`). URLs, absolute
 * paths, `..`, directories (`src/`) and project names like `Node.js` are not files.
 */
export function pathsInText(text: string): string[] {
  const linked = [...text.matchAll(LINK)]
    .map((m) => m[2] ?? '')
    .filter((t) => !/^[a-z][a-z0-9+.-]*:|^#/i.test(t));
  const prose = text.replace(LINK, '$1').replace(URL, ' ');
  const ticked = [...prose.matchAll(TICKED)].map((m) => tickedPath((m[1] ?? '').trim()));
  const plain = extractFileMentions(prose.replace(TICKED, ' '))
    .map((m) => m.file)
    .filter((f) => f.includes('/') || !PROJECT_NAME.test(f));
  const paths = [...linked.map((t) => t.replace(/[#?].*$/, '')), ...ticked, ...plain];
  return uniqueInOrder(
    paths.flatMap((p) => {
      const safe = p === null ? null : safeRepoPath(p);
      return safe === null ? [] : [safe];
    }),
  );
}

/** The path in a backticked span, without a `:line` suffix, or null when the span is not a file. */
function tickedPath(span: string): string | null {
  const [mention] = extractFileMentions(span);
  if (mention !== undefined && span.replace(/^\.\//, '').startsWith(mention.file)) return mention.file;
  const last = span.split('/').pop() ?? '';
  if (BARE_NAMES.test(last)) return span;
  return span.includes('/') && /^[\w@+-][\w.@+-]*\.[A-Za-z0-9]{1,10}$/.test(last) ? span : null;
}
