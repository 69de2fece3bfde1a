import { maskSecrets } from '../report/mask-secrets.js';

export interface FixCommitFacts {
  strategy: string;
  /** The failure pattern the fix answers; null when none matched. */
  pattern: string | null;
  attempt: number;
  /** The check that failed; null when unknown. */
  check: string | null;
  /** What the fix did, for people (tool output is welcome: secrets are masked). */
  summary: string;
}

/** The seed's cap on captured output. */
const MAX_SUMMARY = 2000;
const truncate = (text: string): string =>
  text.length <= MAX_SUMMARY ? text : `${text.slice(0, MAX_SUMMARY - 1)}…`;
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
/**
 * A summary line git would read as a patch (`diff --git`, `--- a/x`, `@@`) is indented by two spaces: in
 * `git format-patch` output it would be applied by `git am`, and the App refuses such a patch.
 */
const defused = (text: string): string =>
  text.replace(/^(?=diff |Index: |--- |\+\+\+ |@@ |GIT binary patch|Binary files |---$)/gm, '  ');

/**
 * `closed-loop: <strategy> for <pattern> (attempt <n>)`, a blank line, the summary, then trailers a
 * program can read (`git log --format=%(trailers)`), e.g. to see that a branch's last commit is the loop's.
 */
export function fixCommitMessage(facts: FixCommitFacts): string {
  const pattern = facts.pattern === null ? 'an unrecognised failure' : oneLine(facts.pattern);
  const subject = `closed-loop: ${oneLine(facts.strategy)} for ${pattern} (attempt ${facts.attempt})`;
  const summary =
    defused(maskSecrets(truncate(facts.summary.trim().replace(/\r\n?/g, '\n')))) ||
    `Applied ${oneLine(facts.strategy)}.`;
  const trailers = [
    ...(facts.check === null ? [] : [`Closed-Loop-Check: ${oneLine(facts.check)}`]),
    `Closed-Loop-Pattern: ${facts.pattern === null ? 'none' : oneLine(facts.pattern)}`,
    `Closed-Loop-Strategy: ${oneLine(facts.strategy)}`,
    `Closed-Loop-Attempt: ${facts.attempt}`,
  ];
  return `${subject}\n\n${summary}\n\n${trailers.join('\n')}\n`;
}
