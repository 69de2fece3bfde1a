import * as core from '@actions/core';
import { ConfigLoadError } from '../runner/load-config.js';
import { NoChecksError } from '../runner/checks/no-checks-error.js';
import { NotAGitRepoError } from '../runner/git/repo.js';
import { UnmergedIndexError } from '../runner/git/tree-of.js';
import { RunRefusedError } from '../runner/loop-driver/open-repo.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { ActionInputError } from './inputs.js';
import { EventPayloadError } from './read-event.js';
import { annotate } from './publish-result.js';
import { renderStopSummary, type StopKind } from './render-stop-summary.js';

/** Mistakes a person fixes in their workflow, config or tree: one clear line, no bug report. */
const USER_ERRORS = [
  ActionInputError,
  EventPayloadError,
  ConfigLoadError,
  RunRefusedError,
  NoChecksError,
  NotAGitRepoError,
  UnmergedIndexError,
];

/**
 * The `status` output when no verdict was reached, so a later step can branch on it (`if:
 * steps.loop.outputs.status == 'config-error'`): the config is invalid; the loop could not run here (an
 * input, the event, the tree, no checks); closed-loop's own bug.
 */
const STOP_STATUS: Record<StopKind, string> = {
  config: 'config-error',
  refused: 'not-run',
  internal: 'internal-error',
};

export interface ErrorContext {
  repoRoot: string;
  workspace: string;
  secrets: string[];
}

/**
 * The step's failure when no verdict was reached: an annotation at the config file's line for a config
 * error, the `status` output saying which stop it was, a summary saying what happened (written even for
 * our own bug), and the failed step.
 */
export async function reportError(err: unknown, ctx: ErrorContext): Promise<void> {
  const message = maskSecrets(err instanceof Error ? err.message : String(err), ctx.secrets);
  const user = USER_ERRORS.some((type) => err instanceof type);
  const kind: StopKind = err instanceof ConfigLoadError ? 'config' : user ? 'refused' : 'internal';
  if (err instanceof ConfigLoadError && err.configError) {
    const { file, line, column } = err.configError;
    annotate(
      {
        level: 'error',
        title: 'closed-loop: invalid config',
        message,
        file,
        startLine: line,
        startColumn: column,
      },
      ctx,
    );
  }
  core.setOutput('status', STOP_STATUS[kind]);
  if (kind === 'internal' && err instanceof Error && err.stack)
    core.debug(maskSecrets(err.stack, ctx.secrets));
  try {
    await core.summary.addRaw(renderStopSummary(kind, message, ctx.secrets)).write();
  } catch (summaryErr) {
    core.warning(`closed-loop could not write the job summary: ${(summaryErr as Error).message}`);
  }
  core.setFailed(
    kind === 'internal'
      ? `closed-loop: internal error: ${message}. This is a bug in closed-loop, not in your project; please report it with this job's log.`
      : `closed-loop: ${message}`,
  );
}
