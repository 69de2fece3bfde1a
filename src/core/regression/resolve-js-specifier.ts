import { dirnamePosix, joinPosix } from './posix-path.js';

/** tsconfig's module resolution settings, with `baseUrl` and `pathsBase` made repo-relative. */
export interface TsPathsConfig {
  /** Repo-relative `compilerOptions.baseUrl`, or null when unset. */
  baseUrl: string | null;
  /** `compilerOptions.paths`, e.g. { '@/*': ['src/*'] }. */
  paths: Record<string, string[]>;
  /** The directory `paths` targets are relative to: baseUrl when set, else the tsconfig's directory. */
  pathsBase: string;
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.d.ts'];
// NodeNext: `./a.js` is written for `./a.ts`.
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/**
 * The project file a specifier written in `fromFile` names, or null for a package, a built-in or
 * anything not among `files`. Relative specifiers probe extensions and index files; others try
 * tsconfig `paths`, then `baseUrl`.
 */
export function resolveJsSpecifier(
  fromFile: string,
  specifier: string,
  files: ReadonlySet<string>,
  ts?: TsPathsConfig,
): string | null {
  const spec = specifier.split('?')[0]!;
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const base = spec.startsWith('/') ? joinPosix(spec) : joinPosix(dirnamePosix(fromFile), spec);
    return base === null ? null : probe(base, files);
  }
  if (!ts) return null;
  for (const target of expandPaths(spec, ts.paths)) {
    const base = joinPosix(ts.pathsBase, target);
    const hit = base === null ? null : probe(base, files);
    if (hit) return hit;
  }
  if (ts.baseUrl !== null) {
    const base = joinPosix(ts.baseUrl, spec);
    return base === null ? null : probe(base, files);
  }
  return null;
}

/** Candidate targets for `spec` from tsconfig `paths`, the longest matching prefix first. */
function expandPaths(spec: string, paths: Record<string, string[]>): string[] {
  const matches: Array<{ prefixLength: number; targets: string[] }> = [];
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === spec) matches.push({ prefixLength: Infinity, targets });
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (spec.length >= prefix.length + suffix.length && spec.startsWith(prefix) && spec.endsWith(suffix)) {
      const captured = spec.slice(prefix.length, spec.length - suffix.length);
      matches.push({ prefixLength: prefix.length, targets: targets.map((t) => t.replace('*', captured)) });
    }
  }
  return matches.sort((a, b) => b.prefixLength - a.prefixLength).flatMap((m) => m.targets);
}

/**
 * `base` as written, with a TS source for an output extension, with an extension, or as a directory index.
 */
function probe(base: string, files: ReadonlySet<string>): string | null {
  const dot = base.lastIndexOf('.');
  const ext = dot > base.lastIndexOf('/') ? base.slice(dot) : '';
  const candidates = [base];
  for (const sourceExt of SOURCE_FOR_OUTPUT[ext] ?? []) candidates.push(base.slice(0, dot) + sourceExt);
  for (const e of EXTENSIONS) candidates.push(base + e);
  for (const e of EXTENSIONS) candidates.push(base === '' ? `index${e}` : `${base}/index${e}`);
  return candidates.find((c) => files.has(c)) ?? null;
}
