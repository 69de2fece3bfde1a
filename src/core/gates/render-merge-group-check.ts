import type { CheckRun } from '../plan/plan-schema.js';
import { cell } from './gate-check-text.js';
import { GATE_CHECK_NAME } from './render-gate-check.js';

/** What one pull request of a merge group still needs before it may merge, as closed-loop sees it. */
export interface GroupPull {
  number: number;
  /** Approvals still missing, and a blocked loop or dead letter, one sentence each. */
  missing: readonly string[];
  /** The loop needs a person on it (blocked, dead letter): a failure rather than a wait for approval. */
  stuck: boolean;
  /** The gates decided on it (`database: approved by @alice`). */
  decided: readonly string[];
}

/**
 * The `closed-loop` check on a merge group's head, concluded at once from the gates of the pull requests
 * in the group (so a required `closed-loop` check never stalls the queue): success when every one is
 * approved (or skipped) and no loop on them is blocked; action_required when only approvals are missing;
 * failure when a loop needs a person. Neutral when the App cannot tell which pull requests the group
 * holds: each passed its own `closed-loop` check to enter the queue.
 */
export function renderMergeGroupCheck(input: {
  headSha: string;
  pulls: readonly GroupPull[];
  /** Why the pull requests are not known, when they are not. */
  unknown?: string;
}): CheckRun {
  const base = {
    kind: 'check_run',
    name: GATE_CHECK_NAME,
    head_sha: input.headSha,
    status: 'completed',
  } as const;
  if (input.pulls.length === 0) {
    return {
      ...base,
      conclusion: 'neutral',
      output: {
        title: 'No pull request of this merge group is known to closed-loop',
        summary: `${cell(input.unknown ?? 'the merge group names no pull request', 500)}. Each pull request passed its own \`closed-loop\` check before it entered the queue.`,
      },
    };
  }
  const waiting = input.pulls.filter((p) => p.missing.length > 0);
  const names = (pulls: readonly GroupPull[]) => pulls.map((p) => `#${p.number}`).join(', ');
  const lines = input.pulls.flatMap((p) => [
    `#### #${p.number}`,
    '',
    ...(p.missing.length > 0
      ? ['**Still missing**', '', ...p.missing.map((m) => `- ${cell(m, 500)}`)]
      : ['Nothing is missing.']),
    ...(p.decided.length > 0 ? ['', ...p.decided.map((d) => `- ${cell(d, 300)}`)] : []),
    '',
  ]);
  if (waiting.length === 0) {
    return {
      ...base,
      conclusion: 'success',
      output: {
        title: `Gates approved for ${names(input.pulls)}`,
        summary: [
          'Every human gate of the pull requests in this merge group is approved or skipped.',
          '',
          ...lines,
        ].join('\n'),
      },
    };
  }
  const stuck = waiting.some((p) => p.stuck);
  return {
    ...base,
    conclusion: stuck ? 'failure' : 'action_required',
    output: {
      title: `${names(waiting)} ${stuck ? 'needs a person' : 'waits for approval'}`.slice(0, 200),
      summary: [
        'closed-loop found pull requests in this merge group that may not merge yet:',
        '',
        ...lines,
      ].join('\n'),
    },
  };
}
