import type { Config } from '../config/schema.js';
import type { Diagnosis } from '../diagnosis.js';
import type { Category } from '../vocabulary.js';
import {
  neverRescues,
  type CiPrState,
  type FlakyRecord,
  type JobFinding,
  type RunEntry,
} from './ci-state.js';

/** One failed job as read: its diagnosis, or why its log was not analysed. */
/** One failed job as the App read it; its texts are masked already (where the log entered the App). */
export interface JobRead {
  name: string;
  url: string;
  failedSteps: string[];
  diagnosis: Diagnosis | null;
  /** Why the log was not analysed (gone, not text); null when it was. */
  refused: string | null;
  /** Only the first part of the log was read (the size cap). */
  capped: boolean;
  tests: string[];
}

export interface RedRunFacts {
  run: { id: number; attempt: number; head: string; workflow: string; url: string };
  jobs: JobRead[];
  /** More failed jobs than were read. */
  more: number;
  state: CiPrState;
  record: FlakyRecord;
  ci: Config['ci'];
  /** max_auto_retries of each pattern of the effective catalogue. */
  budgets: Readonly<Record<string, number>>;
}

export interface RedRunDecision {
  verdict: RunEntry['verdict'];
  /** Why, in a sentence a person reads on the PR. */
  why: string;
  entry: RunEntry;
}

const TRANSIENT: ReadonlySet<Category> = new Set(['network', 'timeout', 'resource']);
const MECHANICAL: ReadonlySet<Category> = new Set(['lint', 'format', 'lockfile', 'dependency']);

/**
 * Whether a job's failure looks transient: a network, timeout or resource failure, or a test this repository
 * knows is flaky.
 */
function isTransient(job: JobRead, record: FlakyRecord): boolean {
  const d = job.diagnosis;
  if (d === null || d.pattern === null) return false;
  if (TRANSIENT.has(d.category)) return true;
  return d.category === 'test' && record.flaky.some((f) => f.job === job.name);
}

/** Lines of evidence kept per job: enough for the error and its context, no wall of log. */
const EVIDENCE_LINES = 20;
/**
 * Log text as shown: `<!--` cannot open a hidden block in a body the App reads back. Secrets are masked
 * before: a JobRead's text is masked where the log is read (the App's diagnoseFailedJobs).
 */
export const safeLogText = (text: string): string => text.replace(/<!--/g, '<!- -');

function finding(job: JobRead): JobFinding {
  const d = job.diagnosis;
  const lines = d?.evidence?.text.split('\n') ?? [];
  const quote = lines.find((l) => /error|fail|fatal|refused/i.test(l)) ?? lines.find((l) => l.trim()) ?? '';
  return {
    job: job.name,
    pattern: d?.pattern ?? null,
    category: d?.category ?? 'unknown',
    signature: d?.signature ?? `unread:${job.name}`,
    tests: job.tests,
    step: job.failedSteps[0] ?? null,
    confidence: d?.confidence ?? 0,
    quote: safeLogText(quote.trim()).slice(0, 300),
    evidence: d?.evidence
      ? {
          startLine: d.evidence.startLine,
          endLine: d.evidence.endLine,
          text: safeLogText(lines.slice(0, EVIDENCE_LINES).join('\n')).slice(0, 2000),
        }
      : null,
    refused: job.refused === null ? null : job.refused.slice(0, 300),
    capped: job.capped,
    places: (d?.locations ?? []).slice(0, 3).map((l, i) => ({
      file: l.file.slice(0, 300),
      line: l.line,
      message: safeLogText((d?.messages?.[i] ?? '').trim()).slice(0, 300),
    })),
  };
}

/**
 * The CI-level strategy for a red run without the Action: re-run it when every failed job looks
 * transient (within the head's budget, unless re-runs are off or never rescued this pattern), stop when
 * a re-run failed with the same error again, else say what would fix it (mechanical) or block (deep).
 */
export function decideRedRun(facts: RedRunFacts): RedRunDecision {
  const { run, jobs, state, record, ci } = facts;
  const findings = jobs.map(finding);
  const decided = (verdict: RunEntry['verdict'], why: string, rerun = false): RedRunDecision => ({
    verdict,
    why,
    entry: {
      run: run.id,
      attempt: run.attempt,
      head: run.head,
      workflow: run.workflow,
      jobs: findings,
      rerun,
      verdict,
      why,
      url: run.url,
      more: facts.more,
    },
  });

  const before = state.runs.find((r) => r.run === run.id && r.attempt === run.attempt - 1 && r.rerun);
  const again =
    before?.jobs.filter((b) => findings.some((f) => f.job === b.job && f.signature === b.signature)) ?? [];
  if (again.length > 0) {
    return decided(
      'not_transient',
      `the same error came back after a re-run (${again.map((a) => `${a.job}: ${a.pattern ?? 'unrecognised'}`).join(', ')}): it is not transient, so it is not re-run again`,
    );
  }
  const transient = jobs.filter((j) => isTransient(j, record));
  if (jobs.length > 0 && transient.length === jobs.length) {
    const patterns = [...new Set(transient.map((j) => j.diagnosis?.pattern ?? ''))];
    const stale = patterns.filter((p) => neverRescues(record, p));
    const budget = Math.min(ci.rerun_budget, ...patterns.map((p) => facts.budgets[p] ?? 1));
    const used = state.runs.filter(
      (r) => r.head === run.head && r.workflow === run.workflow && r.rerun,
    ).length;
    if (!ci.auto_rerun)
      return decided(
        'held',
        'it looks transient, but automatic re-runs are off (`ci.auto_rerun: false`): re-run it by hand',
      );
    if (stale.length > 0) {
      const r = record.rescue[stale[0]!]!;
      return decided(
        'held',
        `it looks transient, but re-runs of ${stale.join(', ')} never turned green in this repository (0 of ${r.made}), so it is not re-run automatically`,
      );
    }
    if (used >= budget)
      return decided(
        'held',
        `it looks transient, but the re-run budget for this commit is used (${used} of ${budget})`,
      );
    return decided(
      'rerun',
      `it looks transient (${patterns.join(', ')}): the failed jobs are re-run (${used + 1} of ${budget} for this commit)`,
      true,
    );
  }
  const deep = jobs.filter(
    (j) => !isTransient(j, record) && !(j.diagnosis !== null && MECHANICAL.has(j.diagnosis.category)),
  );
  if (jobs.length > 0 && deep.length === 0)
    return decided(
      'mechanical',
      'a mechanical failure the closed-loop Action fixes by itself: add it to the workflow (below)',
    );
  return decided(
    'deep',
    'not transient and not mechanical: a person (or the Action with an agent) has to fix the code',
  );
}
