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
  /**
   * The earlier fixes this one commit carries too, oldest first: the App commits the Action's fix.patch,
   * which holds every fix commit of its run, as one commit.
   */
  also?: readonly FixNamed[];
}

/** One fix as a commit names it: the strategy that made it and the pattern it answers. */
export interface FixNamed {
  strategy: string;
  pattern: string | null;
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

const unique = (values: readonly string[]): string[] => [...new Set(values)];
const listed = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Fixes in words, oldest first, each strategy once with the patterns it answered: `auto_fix for lint-error
 * and format-error`, `auto_fix for lint-error, then agent for type-error`.
 */
export function describeFixes(fixes: readonly FixNamed[]): string {
  const byStrategy = new Map<string, string[]>();
  for (const f of fixes) {
    const patterns = byStrategy.get(oneLine(f.strategy)) ?? [];
    patterns.push(f.pattern === null ? 'an unrecognised failure' : oneLine(f.pattern));
    byStrategy.set(oneLine(f.strategy), patterns);
  }
  return [...byStrategy]
    .map(([strategy, patterns]) => `${strategy} for ${listed(unique(patterns))}`)
    .join(', then ');
}

/**
 * `closed-loop: <strategy> for <pattern> (attempt <n>)` (every fix the commit carries, when it carries
 * several), a blank line, the summary, then trailers a program can read (`git log --format=%(trailers)`),
 * e.g. to see that a branch's last commit is the loop's: one `Closed-Loop-Pattern` and
 * `Closed-Loop-Strategy` per pattern and strategy.
 */
export function fixCommitMessage(facts: FixCommitFacts): string {
  const fixes = [...(facts.also ?? []), { strategy: facts.strategy, pattern: facts.pattern }];
  const subject = `closed-loop: ${describeFixes(fixes)} (attempt ${facts.attempt})`;
  const summary =
    defused(maskSecrets(truncate(facts.summary.trim().replace(/\r\n?/g, '\n')))) ||
    `Applied ${oneLine(facts.strategy)}.`;
  const trailers = [
    ...(facts.check === null ? [] : [`Closed-Loop-Check: ${oneLine(facts.check)}`]),
    ...unique(fixes.map((f) => (f.pattern === null ? 'none' : oneLine(f.pattern)))).map(
      (p) => `Closed-Loop-Pattern: ${p}`,
    ),
    ...unique(fixes.map((f) => oneLine(f.strategy))).map((s) => `Closed-Loop-Strategy: ${s}`),
    `Closed-Loop-Attempt: ${facts.attempt}`,
  ];
  return `${subject}\n\n${summary}\n\n${trailers.join('\n')}\n`;
}
