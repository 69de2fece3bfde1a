import type { LoopResult } from '../loop-result.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { clipLine, uniqueInOrder } from '../report/truncate-text.js';
import { patternWords, STRATEGY_NEXT, STRATEGY_WORDS } from '../report/strategy-words.js';
import { formatDuration, inlineCode, plural, shortSha, tableCell } from '../report/markdown-text.js';
import { renderFixCommitNotice } from './render-fix-commit-notice.js';

type Secrets = readonly string[];

/** The status word a person reads first, with its symbol: the word alone carries the meaning. */
export const STATUS_WORDS: Record<LoopResult['status'], string> = {
  success: '✅ Success',
  failed: '❌ Dead letter',
  escalated: '⚠️ Escalated',
  interrupted: '⚠️ Interrupted',
};

/** One line: the status word, what happened, after how many attempts, and why it stopped. */
export function renderVerdict(result: LoopResult, secrets: Secrets): string {
  const word = `**${STATUS_WORDS[result.status]}**`;
  const earlier = earlierRunAttempts(result);
  // The run's time is this run's: attempts carried from earlier runs on the PR took theirs before it.
  const after =
    earlier === 0
      ? `${plural(result.attempts, 'attempt')} in ${formatDuration(result.duration_ms)}`
      : `${plural(result.attempts, 'attempt')} (${earlier === 1 ? '1 of them in an earlier run' : `${earlier} of them in earlier runs`}; this run took ${formatDuration(result.duration_ms)})`;
  const fixes = result.fix_commits.length > 0 ? `; ${plural(result.fix_commits.length, 'fix commit')}` : '';
  const reason = result.reason === null ? '' : `: ${tableCell(maskSecrets(result.reason, secrets), 300)}`;
  if (result.status === 'success') return `${word}: every check passes after ${after}${fixes}.`;
  if (result.status === 'failed') return `${word}: the loop gave up after ${after}${fixes}${reason}`;
  if (result.status === 'escalated') return `${word}: a person is needed after ${after}${fixes}${reason}`;
  return `${word} after ${after}${fixes}${reason}`;
}

/** `Task \`id\` · pattern \`lint-error\` (lint) · [workflow run](url)`. */
export function renderFacts(result: LoopResult, secrets: Secrets, runUrl?: string): string {
  const facts = [`Task ${inlineCode(maskSecrets(result.task_id, secrets))}`];
  if (result.pattern !== null)
    facts.push(`pattern ${inlineCode(result.pattern)}${result.category ? ` (${result.category})` : ''}`);
  if (result.signature !== null)
    facts.push(`signature ${inlineCode(maskSecrets(result.signature, secrets))}`);
  if (runUrl) facts.push(`[workflow run](${encodeURI(runUrl)})`);
  return facts.join(' · ');
}

/**
 * One row per check: its result, the pattern a failing one hit and what the loop did about it, in a
 * developer's words (`type error` · `had the agent fix it at the failing line`).
 */
export function renderChecksTable(result: LoopResult, secrets: Secrets): string {
  if (result.checks.length === 0) return '### Checks\n\n_No checks ran._';
  const failing = new Map((result.failing_checks ?? []).map((c) => [c.name, c]));
  const rows = result.checks.map((c) => {
    const outcome = c.timed_out ? '⏱️ timed out' : c.passed ? '✅ passed' : '❌ failed';
    const f = failing.get(c.name);
    const pattern = f ? patternWords(f.pattern) : '–';
    const did = f ? tableCell(maskSecrets(whatTheLoopDid(result, f), secrets), 200) : '–';
    return `| ${tableCell(maskSecrets(c.name, secrets), 80)} | ${outcome} | ${pattern} | ${did} | ${formatDuration(c.duration_ms)} |`;
  });
  return [
    '### Checks',
    '',
    '| Check | Result | Failure | What the loop did | Duration |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

type FailingCheck = NonNullable<LoopResult['failing_checks']>[number];

/** `ran the tool's own fix (…); still failing`, or why nothing was done to this check. */
function whatTheLoopDid(result: LoopResult, c: FailingCheck): string {
  if (!/^(?:worked on|being worked on)/.test(c.done)) {
    const next = c.strategy ? `; next: ${STRATEGY_NEXT[c.strategy]}` : '';
    return `not worked on: the loop works on one failure at a time${next}`;
  }
  const tried = uniqueInOrder(
    result.history.flatMap((a) =>
      a.pattern_matched === c.pattern && a.strategy_used !== null ? [a.strategy_used] : [],
    ),
  );
  if (tried.length > 0) return `${tried.map((s) => STRATEGY_WORDS[s]).join('; then ')}; still failing`;
  return c.strategy ? `no fix applied (the next step would ${STRATEGY_NEXT[c.strategy]})` : 'no fix applied';
}

export function renderAttemptsTable(result: LoopResult, secrets: Secrets): string {
  if (result.history.length === 0) return '### Attempts\n\n_No attempts were recorded._';
  const rows = result.history.map((a, i) => {
    const outcome = clipLine(maskSecrets(attemptOutcome(result, i), secrets), 200);
    return `| ${a.attempt} | ${a.pattern_matched === null ? '–' : tableCell(patternWords(a.pattern_matched), 60)} | ${attemptStrategy(result, i)} | ${formatDuration(a.duration_ms)} | ${tableCell(outcome, 160)} |`;
  });
  const earlier = earlierRunAttempts(result);
  const note =
    earlier === 0
      ? []
      : [
          '',
          `_${earlier === 1 ? 'Attempt 1 was made by an earlier run' : `Attempts 1–${earlier} were made by earlier runs`} on this pull request._`,
        ];
  return [
    '### Attempts',
    '',
    '| # | Pattern | Strategy | Duration | Outcome |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    ...note,
  ].join('\n');
}

/** How many of the history's attempts began before this run did: an earlier run's, carried in its memory. */
function earlierRunAttempts(result: LoopResult): number {
  const started = Date.parse(result.started_at);
  return result.history.filter((a) => Date.parse(a.timestamp) < started).length;
}

/**
 * The strategy an attempt led to; when none ran, why: nothing left to fix, or the one the loop stopped short
 * of.
 */
function attemptStrategy(result: LoopResult, index: number): string {
  const a = result.history[index];
  if (a === undefined) return '–';
  if (a.strategy_used !== null) return STRATEGY_WORDS[a.strategy_used];
  if (a.error === null) return 'none needed';
  const last = index === result.history.length - 1;
  return last && result.diagnosis !== null
    ? `none (stopped before it would ${STRATEGY_NEXT[result.diagnosis.strategy]})`
    : 'none';
}

/**
 * What the checks said, and what became of the fix that followed: the fix commit it was kept as (the
 * commit made in the next attempt), or none (rolled back, failed, or stopped before its change was checked).
 */
function attemptOutcome(result: LoopResult, index: number): string {
  const a = result.history[index];
  if (a === undefined) return '';
  if (a.strategy_used === null) return a.result;
  const commit = result.fix_commits.find((c) => c.attempt === a.attempt + 1);
  return commit === undefined ? `${a.result}; no fix kept` : `${a.result}; fix kept: ${shortSha(commit.sha)}`;
}

/** The fix commits, each as its notice; `pushed` tells which reading applies. */
export function renderFixCommits(
  result: LoopResult,
  pushed: { sha: string } | null,
  secrets: Secrets,
): string | null {
  if (result.fix_commits.length === 0) return null;
  const lines = result.fix_commits.map(
    (c) => `- ${renderFixCommitNotice(c, { pushed: pushed !== null, secrets })}`,
  );
  if (pushed !== null && !result.fix_commits.some((c) => c.sha === pushed.sha))
    lines.push(`- Pushed to the pull request as ${inlineCode(shortSha(pushed.sha))}.`);
  return ['### Fix commits', '', ...lines].join('\n');
}

/** The dead-letter or escalation report, folded: it is long, and the verdict already says why. */
export function renderReports(result: LoopResult, secrets: Secrets): string | null {
  const parts: string[] = [];
  const fold = (title: string, body: string) =>
    `<details>\n<summary>${title}</summary>\n\n${maskSecrets(body, secrets).trim()}\n\n</details>`;
  if (result.reports.dead_letter !== null) parts.push(fold('Dead-letter report', result.reports.dead_letter));
  if (result.reports.escalation !== null) parts.push(fold('Escalation report', result.reports.escalation));
  return parts.length === 0 ? null : parts.join('\n\n');
}

export function renderNotes(notes: readonly string[], secrets: Secrets): string | null {
  if (notes.length === 0) return null;
  return ['### Notes', '', ...notes.map((n) => `- ${clipLine(maskSecrets(n, secrets), 2000)}`)].join('\n');
}
