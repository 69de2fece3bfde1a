import type { Location } from '../../diagnosis.js';

const NOT_USER_CODE =
  /(^|[\\/])node_modules[\\/]|^node:|^internal\/(modules|process|main|bootstrap|timers|streams|fs|url|errors|util)\/|^\/(usr|opt|rustc|nix)\/|\.cargo[\\/]registry|[\\/]go[\\/]pkg[\\/]mod[\\/]|hostedtoolcache|(?:^|\/)_temp\/|site-packages|^<|\/lib\/python\d/;
const WORKSPACE = [
  /^\/home\/runner\/work\/[^/]+\/[^/]+\//,
  /^\/github\/workspace\//,
  // GitLab, Travis, CircleCI, Jenkins, Buildkite, Azure Pipelines checkouts.
  /^\/builds\/[^/]+\/[^/]+\//,
  /^\/home\/travis\/build\/[^/]+\/[^/]+\//,
  /^(?:\/home\/circleci|~)\/project\//,
  /^\/var\/lib\/jenkins\/workspace\/[^/]+\//,
  /^\/var\/lib\/buildkite-agent\/builds\/[^/]+\/[^/]+\/[^/]+\//,
  /^\/home\/vsts\/work\/\d+\/s\//,
  /^[A-Za-z]:\\a\\\d+\\s\\/,
  /^[A-Za-z]:\\a\\[^\\]+\\[^\\]+\\/,
  /^\.\//,
];
/**
 * Surefire's summary names a test as `CartTest.totals:6` — a class, a method and a line, not a file.
 * A bare `Capitalised.lowercase` name is only a file when its extension is a known one.
 */
const CLASS_DOT_METHOD = /^(?:[a-z_]\w*\.)*[A-Z]\w*\.([a-z_]\w*)$/;
const KNOWN_EXTENSIONS = new Set(
  (
    'java kt kts scala groovy gradle js jsx mjs cjs ts tsx mts cts py pyi rb rake erb go rs c h cc cpp cxx hh hpp ' +
    'cs fs vb php ex exs erl swift m mm sh bash bats zsh yml yaml json toml xml md tf hcl lua pl pm dart vue svelte sql proto html css ' +
    'scss less txt cfg ini lock mod sum gemspec jl zig nim clj cljs hs ml mli elm coffee properties'
  ).split(' '),
);

/**
 * The paths a command names (`kotlinc -script scripts/release.kts`): a trace's bare `release.kts` is that
 * file.
 */
const pathsOf = (command: string | null | undefined): string[] =>
  (command ?? '')
    .split(/\s+/)
    .map((t) => t.replace(/^['"]|['"]$/g, '').replace(/^\.\//, ''))
    .filter((t) => t.includes('/') && !t.includes('*'));

/** Turns what a log names (a path, a line, a column, as printed) into a place in the project, or null. */
export interface Locator {
  (file: string, line: string | undefined, column: string | undefined): Location | null;
  /** The command whose output follows: a bare file name in it is the path the command names. */
  setCommand(command: string | null | undefined): void;
}

/**
 * Places relative to the project: `root` and the CI's checkout folders are taken off; places outside the
 * project (dependencies, the runtime, the toolchain) and names that are no file are none.
 */
export function createLocator(root?: string, command?: string): Locator {
  const roots = root ? [root.endsWith('/') ? root : `${root}/`] : [];
  // The command's paths, split out when a bare file name asks: most steps name no place.
  let current: string | null | undefined = command;
  let commandPaths: string[] | null = null;
  const locate = (file: string, line: string | undefined, column: string | undefined): Location | null => {
    let rel = file.replace(/\\/g, '/');
    if (rel.includes('://')) return null;
    for (const r of roots) if (rel.startsWith(r)) rel = rel.slice(r.length);
    for (const w of WORKSPACE) rel = rel.replace(w, '');
    if (!rel.includes('/'))
      rel = (commandPaths ??= pathsOf(current)).find((p) => p.endsWith(`/${rel}`)) ?? rel;
    const n = Number(line);
    if (!rel || NOT_USER_CODE.test(rel) || !Number.isInteger(n) || n < 1) return null;
    const method = CLASS_DOT_METHOD.exec(rel)?.[1];
    if (method !== undefined && !KNOWN_EXTENSIONS.has(method)) return null;
    const col = column === undefined ? null : Number(column);
    return { file: rel, line: n, column: col !== null && col >= 1 ? col : null };
  };
  return Object.assign(locate, {
    setCommand(next: string | null | undefined) {
      current = next;
      commandPaths = null;
    },
  });
}
