import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const CONFIG_NAMES = ['.github/closed-loop.yml', '.github/closed-loop.yaml'] as const;

export class AmbiguousConfigError extends Error {}

/**
 * The config that applies in `cwd`: `.github/closed-loop.yml` (or `.yaml`) in cwd or the nearest
 * directory above it, stopping at the repository root (the first directory with a `.git`), so running
 * from `packages/web` uses the repository's config. Null when there is none.
 */
export function findConfig(cwd: string): string | null {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const found = CONFIG_NAMES.map((name) => join(dir, name)).filter((file) => existsSync(file));
    if (found.length > 1) throw new AmbiguousConfigError(`both ${found.join(' and ')} exist; keep one of them`);
    if (found[0] !== undefined) return found[0];
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return null;
  }
}
