import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CONFIG_NAMES = ['.github/closed-loop.yml', '.github/closed-loop.yaml'] as const;

export class AmbiguousConfigError extends Error {}

/**
 * The config that applies in `cwd`: `.github/closed-loop.yml` (or `.yaml`) in cwd or the nearest
 * directory above it, stopping at the repository root (the first directory with a `.git`), so running
 * from `packages/web` uses the repository's config. Null when there is none.
 */
export function findConfig(cwd: string): string | null {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const found = CONFIG_NAMES.map((name) => join(dir, name)).filter((file) => existsSync(file));
    if (found.length > 1)
      throw new AmbiguousConfigError(`both ${found.join(' and ')} exist; keep one of them`);
    if (found[0] !== undefined) return found[0];
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return null;
  }
}

/** Names people give the config that closed-loop does not read. */
const MISPLACED = [
  '.closed-loop.yml',
  '.closed-loop.yaml',
  'closed-loop.yml',
  'closed-loop.yaml',
  '.github/closed-loop.json',
  '.github/.closed-loop.yml',
] as const;

/**
 * A one-line hint when there is no config but a file at a place closed-loop does not read (the root's
 * `.closed-loop.yml`, say), so the defaults are not used silently. Null when there is none.
 */
export function misplacedConfigHint(root: string): string | null {
  const found = MISPLACED.find((name) => existsSync(join(root, name)));
  return found === undefined
    ? null
    : `${found} is not read: closed-loop reads ${CONFIG_NAMES[0]} (move it there, or pass --config ${found}); running with the defaults`;
}
