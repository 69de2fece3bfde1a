import { CLI_RETRY } from '../../core/report/render-escalation.js';

/**
 * How a driver names what its user set, for the run's messages: the CLI's flags, the Action's inputs. A
 * message tells the user what to change in their own terms (`--cwd` means nothing in a workflow).
 */
export interface DriverWords {
  /** The setting naming the directory to run in. */
  cwd: string;
  /** How fixing was turned off, as the reason a fix was not made says it. */
  noFix: string;
  /** What to do about a dirty working tree: follows "the working tree has uncommitted changes (…); ". */
  dirty: string;
  /**
   * How a person retries once they fixed by hand what the loop could not: the escalation's first option
   * (`closed-loop resume` is the CLI's; a workflow's user pushes the fix).
   */
  retry: string;
}

export const CLI_WORDS: DriverWords = {
  cwd: '--cwd',
  noFix: '--no-fix',
  dirty:
    'commit or stash them, or pass --allow-dirty (closed-loop then rolls back only what its own fixes change)',
  retry: CLI_RETRY,
};

/** Why a run refuses a tree with uncommitted changes `dirty`: what the run says, and its dry run. */
export function dirtyRefusal(dirty: readonly string[], words: DriverWords): string {
  const more = dirty.length > 3 ? `, +${dirty.length - 3} more` : '';
  return `the working tree has uncommitted changes (${dirty.slice(0, 3).join(', ')}${more}); ${words.dirty}`;
}
