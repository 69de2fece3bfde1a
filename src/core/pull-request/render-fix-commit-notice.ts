import { maskSecrets } from '../report/mask-secrets.js';
import { fixCommitMessage, type FixNamed } from '../validate/fix-commit-message.js';
import { shortSha } from '../report/markdown-text.js';

export interface FixCommitFacts {
  sha: string;
  attempt: number;
  /** The strategy that made the fix; null when unknown (a memory whose attempt was dropped). */
  strategy: string | null;
  pattern: string | null;
  /** The earlier fixes the same commit carries, oldest first (several fixes committed as one). */
  also?: readonly FixNamed[];
}

/**
 * The line the job summary and the loop comment use for a fix commit:
 * `Pushed fix a1b2c3d: closed-loop: auto_fix for lint-error (attempt 2)`, or, when the loop made the
 * fix but did not push it (a fork's branch, `push: never`), `Fix a1b2c3d (not pushed): …`. The subject
 * is the commit's own (`fixCommitMessage`), so the notice reads exactly as `git log` does.
 */
export function renderFixCommitNotice(
  fix: FixCommitFacts,
  opts: { pushed?: boolean; secrets?: readonly string[] } = {},
): string {
  const message = fixCommitMessage({
    strategy: fix.strategy ?? 'a fix',
    pattern: fix.pattern,
    attempt: fix.attempt,
    check: null,
    summary: '',
    ...(fix.also ? { also: fix.also } : {}),
  });
  const subject = message.split('\n', 1)[0] ?? '';
  const head =
    opts.pushed === false ? `Fix ${shortSha(fix.sha)} (not pushed)` : `Pushed fix ${shortSha(fix.sha)}`;
  return maskSecrets(`${head}: ${subject}`, opts.secrets);
}
