import { didYouMean } from '../core/config/did-you-mean.js';
import { UsageError } from './io.js';

/** The options a command declares, as node:util parseArgs takes them (only the names matter here). */
export type FlagSpec = Readonly<Record<string, { readonly type: string; readonly short?: string }>>;

/**
 * Runs node:util parseArgs and turns its errors into one line naming the command and the bad flag, with
 * the flag the user most likely meant (`--dryrun` → `--dry-run`) when one is close enough.
 */
export function parseFlags<T>(
  parse: () => T,
  command: string,
  spec: FlagSpec = {},
  args: readonly string[] = [],
): T {
  try {
    return parse();
  } catch (err) {
    const first = (err as Error).message.split('\n')[0] ?? 'bad arguments';
    let unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(first)?.[1];
    // A long flag typed with one dash (`-dry-run`) reaches parseArgs as short flags (`-d`): name it whole.
    if (unknown !== undefined && /^-[^-]$/.test(unknown))
      unknown = args.find((a) => a.startsWith(unknown!) && a.length > 2 && !a.startsWith('--')) ?? unknown;
    if (unknown !== undefined) {
      const guess = suggestFlag(unknown, spec);
      throw new UsageError(
        `${command}: unknown option ${unknown}${guess ? `; did you mean ${guess}?` : ''} (see closed-loop ${command} --help)`,
      );
    }
    const message = first.replace(/\. To specify a positional.*$/, '');
    throw new UsageError(`${command}: ${message} (see closed-loop ${command} --help)`);
  }
}

/** The declared flag closest to a misspelt one (`--dryrun`, `--nofix`, `-dry-run`), if any is close. */
export function suggestFlag(given: string, spec: FlagSpec): string | undefined {
  const name = given.replace(/^-+/, '').replace(/=.*$/, '');
  if (name.length < 2) return undefined;
  const keys = Object.keys(spec);
  // `-dry-run` names a flag exactly, with one dash too few: didYouMean skips exact names.
  const chosen = keys.includes(name) ? name : didYouMean(name, keys);
  return chosen === undefined ? undefined : `--${chosen}`;
}
