import type { LoopState } from '../loop/loop-state.js';
import { clipLine } from './truncate-text.js';

/** A fix the run kept: its commit (null when staged with --no-commit) and what it was for. */
export interface FixMade {
  sha: string | null;
  attempt: number;
  check: string | null;
  strategy: string;
  pattern: string | null;
  what: string;
}

/**
 * The fixes a run kept, from the attempts the driver kept (each fix is made in one attempt and judged by
 * the next one's checks): what the escalation and the dead letter list beside what remains.
 */
export function fixesMade(
  state: LoopState,
  kept: ReadonlySet<number>,
  commits: readonly { sha: string; attempt: number }[],
): FixMade[] {
  return [...kept]
    .sort((a, b) => a - b)
    .flatMap((judged) => {
      const attempt = state.attempts[judged - 2];
      const iteration = state.iterations[judged - 2];
      if (!attempt?.strategy_used) return [];
      return [
        {
          sha: commits.find((c) => c.attempt === judged)?.sha ?? null,
          attempt: attempt.attempt,
          check: iteration?.failure?.check ?? null,
          strategy: attempt.strategy_used,
          pattern: attempt.pattern_matched,
          what: iteration?.fix?.fix_applied ?? attempt.action,
        },
      ];
    });
}

/** `## Fixed in this run`, one line per kept fix; '' when there is none. */
export function renderFixesMade(fixes: readonly FixMade[]): string {
  if (fixes.length === 0) return '';
  const lines = fixes.map(
    (f) =>
      `- ${f.sha === null ? 'staged' : `\`${f.sha.slice(0, 7)}\``} ${f.check ?? 'the change'}: ${f.strategy} for ${f.pattern ?? 'an unrecognised failure'} — ${clipLine(f.what, 200)}`,
  );
  return `\n## Fixed in this run\n\n${lines.join('\n')}\n`;
}
