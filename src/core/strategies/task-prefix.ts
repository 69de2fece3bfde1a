import { stripAnsi } from '../analyze/clean-line.js';
import type { Workspace } from './find-workspace.js';

export interface PrefixedLine {
  /** The tool's own line, the task runner's prefix taken off. */
  text: string;
  /** The workspace whose task printed it (by its prefix, or the last task header above it). */
  workspace: Workspace | null;
}

/** Task headers: npm's echo `> @mono/core@1.0.0 lint`, `> nx run web:lint`, pnpm's `packages/web lint$ x`. */
const HEADERS: readonly RegExp[] = [
  /^> (\S+)@\S+ \S+/,
  /^> nx run ([^:\s]+):\S+/,
  /^(\S+) [\w:.-]+\$ /,
  /^(?:┌|╭)?─* ?(\S+):[\w:.-]+ ─*$/,
];
/**
 * Per-line prefixes: turbo's `@mono/web:lint: `, pnpm -r's `packages/web lint: `, yarn's `[@mono/web]: `,
 * and nx's or lerna's stream `web: ` / `@mono/web: `.
 */
const PREFIXES: readonly RegExp[] = [
  /^([^\s:]+(?::[^\s:]+)*?):[\w.-]+(?::[\w.-]+)*: ?/,
  /^(\S+) [\w:.-]+: ?/,
  /^\[([^\]\s]+)\]:? ?/,
  /^(\S+?): ?/,
];

/**
 * Reads a task runner's output line by line (turbo, nx, pnpm -r, yarn workspaces foreach, npm -ws,
 * lerna): takes each line's task prefix off, so the tool's own line (`/repo/packages/web/src/a.js`,
 * `  2:3  error …`) reaches the analyzer as the tool printed it, and says which workspace printed it.
 * Only a prefix that names a workspace of the repository (its package name or folder) is one: any
 * other `word: ` is the tool's own text and stays.
 */
export function createPrefixReader(workspaces: readonly Workspace[]): (line: string) => PrefixedLine {
  const byKey = new Map<string, Workspace>();
  for (const w of workspaces) {
    byKey.set(w.name, w);
    byKey.set(w.dir, w);
    byKey.set(w.dir.split('/').pop() ?? w.dir, w); // nx names a project after its folder
  }
  let current: Workspace | null = null;
  return (raw) => {
    if (byKey.size === 0) return { text: raw, workspace: null };
    const line = stripAnsi(raw);
    for (const re of HEADERS) {
      const found = byKey.get(re.exec(line)?.[1] ?? '\0');
      if (found) {
        current = found;
        return { text: line, workspace: found };
      }
    }
    for (const re of PREFIXES) {
      const m = re.exec(line);
      const found = m ? byKey.get(m[1] ?? '') : undefined;
      if (m && found) return { text: line.slice(m[0].length), workspace: found };
    }
    return { text: line, workspace: current };
  };
}

/** Paths in a tool's line (`src/a.ts`, `src/a.ts(3,5)`, `src/a.ts:3:5`), for mapping them to a workspace. */
export function pathsIn(text: string): string[] {
  return [
    ...text.matchAll(
      /(?:^|[\s'"([])((?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\.[A-Za-z]\w{0,4})(?=$|[\s'"():,\]])/g,
    ),
  ].map((m) => (m[1] ?? '').replace(/^\.\//, ''));
}
