import { familiesIn, outcomeOf, runsFor, type CheckFamily } from './check-families.js';
import type { Criterion } from './extract-criteria.js';
import { shortSha } from '../report/markdown-text.js';
import { pathsInText } from './referenced-paths.js';
import type { CriterionStatus, JudgedCriterion, VerifyError } from './verification-report.js';
import type { CheckFact, VerifyFacts } from './verify-facts.js';

/** The facts one criterion is judged against, indexed once per report. */
export interface JudgeContext {
  sha7: string;
  runs: readonly CheckFact[];
  sizes: ReadonlyMap<string, number | null>;
  changed: ReadonlyMap<string, VerifyFacts['changedFiles'][number]>;
  taskSpecPath: string | null;
}

interface Part {
  status: CriterionStatus;
  evidence: string[];
  missing: string | null;
  error?: VerifyError;
}

const RANK: Record<CriterionStatus, number> = { pass: 0, partial: 1, fail: 2 };
const AGAIN = 'run `/close-loop verify` again';

/**
 * One criterion judged from concrete evidence; the worst part decides:
 * 1. each file it names must exist at the head and be non-empty (missing or empty → fail);
 * 2. each check family it mentions (tests, lint, types, build, format) is judged by the check runs
 *    named like it: any failed → fail; any still running → partial; all succeeded → pass; none
 *    reported or all skipped → no evidence from that family;
 * 3. with no automated evidence at all, the author's box decides: ticked → partial (a reviewer should
 *    confirm), unticked → fail, no box (a spec item not in the PR body's checklist) → partial;
 * 4. automated evidence passing on an item the author left unticked → partial: tick it if it is done.
 */
export function judgeCriterion(
  criterion: Criterion,
  ctx: JudgeContext,
): { judged: JudgedCriterion; errors: VerifyError[] } {
  const parts: Part[] = [
    ...pathsInText(criterion.text).map((path) => filePart(criterion.id, path, ctx)),
    ...familiesIn(criterion.text).flatMap((family) => familyPart(family, ctx)),
  ];
  const errors = parts.flatMap((p) => (p.error === undefined ? [] : [p.error]));
  const judged = parts.length === 0 ? claimOnly(criterion, ctx) : combine(criterion, parts);
  const absent = familiesIn(criterion.text).filter((f) => runsFor(f, ctx.runs).length === 0);
  if (absent.length > 0) judged.evidence.push(`no ${absent.join(' / ')} check reported on ${ctx.sha7}`);
  return { judged: { ...criterion, ...judged }, errors };
}

type Judgment = Pick<JudgedCriterion, 'status' | 'evidence' | 'missing'>;

function combine(criterion: Criterion, parts: readonly Part[]): Judgment {
  const status = parts.reduce<CriterionStatus>(
    (worst, p) => (RANK[p.status] > RANK[worst] ? p.status : worst),
    'pass',
  );
  const evidence = parts.flatMap((p) => p.evidence);
  const missing = parts.flatMap((p) => (p.missing === null ? [] : [p.missing])).join('; ') || null;
  if (status === 'pass' && criterion.checked === false) {
    return {
      status: 'partial',
      evidence: [...evidence, 'left unticked in the PR body'],
      missing: 'tick it in the PR body if it is done: the automated evidence passes',
    };
  }
  return { status, evidence, missing };
}

function claimOnly(criterion: Criterion, ctx: JudgeContext): Judgment {
  if (criterion.checked === true) {
    return {
      status: 'partial',
      evidence: ['claimed by the author (ticked in the PR body)'],
      missing:
        'no automated evidence — a reviewer should confirm it (naming the file or check that shows it lets this report judge it)',
    };
  }
  if (criterion.checked === false) {
    return {
      status: 'fail',
      evidence: [`unticked in the PR body (line ${criterion.line})`],
      missing: 'not done: unchecked in the PR body — do it, then tick the box',
    };
  }
  const where = ctx.taskSpecPath === null ? 'the task spec' : `\`${ctx.taskSpecPath}\``;
  return {
    status: 'partial',
    evidence: [`listed in ${where} (line ${criterion.line}); not in the PR body's checklist`],
    missing:
      "no automated evidence and no claim — add it to the PR body's checklist, tick it once done, and have a reviewer confirm it",
  };
}

function filePart(id: string, path: string, ctx: JudgeContext): Part {
  const size = ctx.sizes.get(path);
  const file = `\`${path}\``;
  if (size === undefined)
    return {
      status: 'partial',
      evidence: [`${file} was not inspected`],
      missing: `${file} could not be read at ${ctx.sha7}; ${AGAIN}`,
    };
  if (size === null) {
    const deleted = ctx.changed.get(path)?.status === 'removed' ? ' (this PR deletes it)' : '';
    return {
      status: 'fail',
      evidence: [`${file} is missing at ${ctx.sha7}${deleted}`],
      missing: `${file} must exist`,
      error: {
        code: 'ArtifactMissing',
        message: `${id}: ${file} does not exist at ${ctx.sha7}${deleted}.`,
        resolution: `Write ${file} to the branch (or correct the path in ${id}), push, and ${AGAIN}.`,
      },
    };
  }
  if (size === 0) {
    return {
      status: 'fail',
      evidence: [`${file} is empty at ${ctx.sha7}`],
      missing: `${file} must not be empty`,
      error: {
        code: 'ArtifactEmpty',
        message: `${id}: ${file} is empty (0 bytes) at ${ctx.sha7}.`,
        resolution: `Give ${file} its content (an empty file does not satisfy a criterion), push, and ${AGAIN}.`,
      },
    };
  }
  const change = ctx.changed.get(path);
  const how =
    change === undefined
      ? 'not changed by this PR'
      : `${change.status} by this PR (+${change.additions} −${change.deletions})`;
  return {
    status: 'pass',
    evidence: [`${file} exists at ${ctx.sha7} (${size} bytes), ${how}`],
    missing: null,
  };
}

function familyPart(family: CheckFamily, ctx: JudgeContext): Part[] {
  const runs = runsFor(family, ctx.runs);
  const by = (outcome: ReturnType<typeof outcomeOf>) => runs.filter((r) => outcomeOf(r) === outcome);
  const names = (rs: readonly CheckFact[]) => rs.map((r) => `\`${r.name}\``).join(', ');
  const [failed, pending, passed] = [by('failed'), by('pending'), by('passed')];
  if (failed.length > 0)
    return [{ status: 'fail', evidence: failed.map(describeRun), missing: `${names(failed)} must succeed` }];
  if (pending.length > 0)
    return [
      {
        status: 'partial',
        evidence: pending.map(describeRun),
        missing: `waiting for ${names(pending)} to finish successfully; ${AGAIN} then`,
      },
    ];
  if (passed.length > 0) return [{ status: 'pass', evidence: passed.map(describeRun), missing: null }];
  return [];
}

/** `` `unit-tests`: failure (https://…) ``. */
export function describeRun(run: CheckFact): string {
  return `\`${run.name.replace(/`/g, "'")}\`: ${run.conclusion ?? run.status.replace('_', ' ')}${run.url ? ` (${run.url})` : ''}`;
}

export function judgeContext(
  facts: VerifyFacts,
  runs: readonly CheckFact[],
  taskSpecPath: string | null,
): JudgeContext {
  const sizes = new Map<string, number | null>();
  for (const a of facts.artifacts) if (!sizes.has(a.path)) sizes.set(a.path, a.size);
  return {
    sha7: shortSha(facts.headSha),
    runs,
    sizes,
    changed: new Map(facts.changedFiles.map((f) => [f.path, f])),
    taskSpecPath,
  };
}
