import { summarizeChecks, outcomeOf } from './check-families.js';
import { extractCriteria, type Criterion } from './extract-criteria.js';
import { describeRun, judgeCriterion, judgeContext } from './judge-criterion.js';
import { shortSha } from '../report/markdown-text.js';
import { todoList } from './todo-list.js';
import type { JudgedCriterion, Verdict, VerificationReport, VerifyError } from './verification-report.js';
import type { VerifyFacts } from './verify-facts.js';

const AGAIN = 'run `/close-loop verify` again';

/**
 * Verifies a pull request against its acceptance criteria (extracted from `prBody` and the linked spec
 * unless given). Each criterion is judged by judgeCriterion; the verdict is then:
 * - `blocked` when a person must act first: the loop is blocked, escalated or failed (a dead letter), a
 *   required gate is pending, or the linked task spec is missing at the head (TaskNotFound);
 * - `returned` when any criterion fails or is partial, any check run failed or is still running, or
 *   there are no criteria at all (TaskSpecMissingCriteria);
 * - `complete` otherwise: every criterion passes and every check run on the head finished without failing.
 * Pure and deterministic: the same facts give the same report (no clock inside; the caller adds times).
 */
export function verifyPullRequest(
  prBody: string,
  facts: VerifyFacts,
  criteria?: Criterion[],
): VerificationReport {
  const spec = facts.taskSpec;
  const sha7 = shortSha(facts.headSha);
  const list =
    criteria ?? extractCriteria(prBody, spec?.text == null ? null : { path: spec.path, text: spec.text });
  const checks = summarizeChecks(facts.checks, facts.selfCheck);
  const ctx = judgeContext(facts, checks.runs, spec?.path ?? null);
  const results = list.map((c) => judgeCriterion(c, ctx));
  const judged: JudgedCriterion[] = results.map((r) => r.judged);
  const errors: VerifyError[] = [];
  if (spec !== null && spec.text === null) {
    errors.push({
      code: 'TaskNotFound',
      message: `The linked task spec \`${spec.path}\` does not exist at ${sha7}.`,
      resolution: `Correct the spec path in the PR description, or add \`${spec.path}\` to the branch; then ${AGAIN}.`,
    });
  }
  if (list.length === 0) {
    errors.push({
      code: 'TaskSpecMissingCriteria',
      message: `No acceptance criteria were found in the PR description${spec?.text == null ? '' : ` or in \`${spec.path}\``}.`,
      resolution:
        'Add an Acceptance criteria checklist to the PR description or link a task spec (a line `Task spec: docs/tasks/….md`), then run `/close-loop verify` again.',
    });
  }
  errors.push(...results.flatMap((r) => r.errors));
  for (const run of checks.runs.filter((r) => outcomeOf(r) === 'failed')) {
    errors.push({
      code: 'AutomatedCheckFailed',
      message: `${describeRun(run)} on ${sha7}.`,
      resolution: `Fix what \`${run.name.replace(/`/g, "'")}\` reports (see its log), push, and ${AGAIN} once it has run on the new head.`,
    });
  }
  const blockers = blockersOf(facts, sha7);
  const unfinished =
    judged.some((c) => c.status !== 'pass') ||
    checks.failed.length > 0 ||
    checks.pending.length > 0 ||
    list.length === 0;
  const verdict: Verdict = blockers.length > 0 ? 'blocked' : unfinished ? 'returned' : 'complete';
  return {
    verdict,
    criteria: judged,
    checks,
    errors,
    headSha: facts.headSha,
    blockers,
    todo: verdict === 'complete' ? [] : todoList(judged, checks, errors),
    gates: facts.gates,
    taskSpecPath: spec?.path ?? null,
    notes: notesOf(facts, list),
  };
}

function blockersOf(facts: VerifyFacts, sha7: string): string[] {
  const { loop } = facts;
  const why = loop.reason ? `: ${loop.reason}` : '';
  const blockers: string[] = [];
  if (loop.status === 'failed')
    blockers.push(`the loop gave up (a dead letter)${why} — a person must fix it or abort the task`);
  if (loop.status === 'escalated' || loop.status === 'blocked')
    blockers.push(
      `the loop is ${loop.status}${why} — it waits for a person (see the loop's report on this PR)`,
    );
  for (const g of facts.gates.filter((g) => g.status === 'pending')) {
    blockers.push(
      `the ${g.gate} gate waits for approval${g.reason ? ` (${g.reason})` : ''}: label \`approved:${g.gate}\` or \`/close-loop approve ${g.gate}\` from someone allowed to approve`,
    );
  }
  if (facts.taskSpec !== null && facts.taskSpec.text === null)
    blockers.push(`the linked task spec \`${facts.taskSpec.path}\` does not exist at ${sha7} (TaskNotFound)`);
  return blockers;
}

function notesOf(facts: VerifyFacts, criteria: readonly Criterion[]): string[] {
  const notes: string[] = [];
  const spec = facts.taskSpec;
  if (spec?.text != null && criteria.length > 0 && !criteria.some((c) => c.source === 'task-spec')) {
    notes.push(
      `\`${spec.path}\` has no Acceptance criteria section; the PR description's checklist was judged instead.`,
    );
  }
  if (facts.loop.status === 'interrupted')
    notes.push(
      `The loop's last run was interrupted${facts.loop.reason ? `: ${facts.loop.reason}` : ''}; it counts neither way.`,
    );
  return notes;
}
