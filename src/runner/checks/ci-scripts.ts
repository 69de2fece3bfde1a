import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckType } from '../../core/vocabulary.js';
import { readProjectFile } from './read-project-file.js';

/** Scripts CI commonly runs besides lint/typecheck/test/build, and what they check. */
export const CI_SCRIPTS: readonly (readonly [string, CheckType])[] = [
  ['lint:ci', 'lint'],
  ['format:check', 'lint'],
  ['check', 'custom'],
  ['ci', 'custom'],
  ['verify', 'custom'],
];

/** `npm run x`, `npm x` for npm's own (test), `pnpm [run] x`, `yarn [run] x`, `bun run x`. */
const RUN_SCRIPT =
  /\b(?:npm\s+(?:run(?:-script)?\s+)?|pnpm\s+(?:run\s+)?|yarn\s+(?:run\s+)?|bun\s+run\s+)([\w:.-]+)/g;

/**
 * The package.json scripts the project's GitHub workflows run (`run:` steps), in the order they
 * appear: what CI runs is what must pass. Only names that are scripts of this package.
 */
export async function workflowScripts(cwd: string, scripts: Record<string, unknown>): Promise<string[]> {
  const dir = join(cwd, '.github', 'workflows');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.ya?ml$/.test(f)).sort();
  const found: string[] = [];
  for (const file of files) {
    const text = (await readProjectFile(dir, file)) ?? '';
    for (const line of text.split('\n')) {
      if (!/^\s*(-\s*)?run:|^\s{6,}\S/.test(line)) continue; // a run: step, or a line of its block
      for (const m of line.matchAll(RUN_SCRIPT)) {
        const name = m[1] ?? '';
        if (typeof scripts[name] === 'string' && !found.includes(name)) found.push(name);
      }
    }
  }
  return found;
}

/** What a CI-run script checks, by its name. */
export function typeOfScript(name: string): CheckType {
  if (/lint|format|prettier|eslint/.test(name)) return 'lint';
  if (/type|tsc/.test(name)) return 'type';
  if (/test|spec|e2e/.test(name)) return 'test';
  if (/build|compile/.test(name)) return 'build';
  return CI_SCRIPTS.find(([n]) => n === name)?.[1] ?? 'custom';
}
