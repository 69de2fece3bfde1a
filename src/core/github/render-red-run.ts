import type { Annotation } from './annotations-for.js';
import type { RedRunDecision, JobRead } from './decide-red-run.js';
import { inlineCode, tableCell } from './markdown-text.js';
import { codeFence } from '../report/code-fence.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { clipLine } from '../report/truncate-text.js';

export interface RedRunView {
  run: { id: number; attempt: number; url: string; workflow: string; head: string };
  jobs: JobRead[];
  decision: RedRunDecision;
  /** More failed jobs than were read. */
  more: number;
  /** Smart suggestions from earlier dead letters (already rendered Markdown), for a deep failure. */
  suggestions?: string;
}

/** Lines of evidence shown per job: enough for the error and its context, no wall of log. */
const EVIDENCE_LINES = 20;
/** A log cannot forge a hidden block (`<!-- closed-loop:… -->`) in a body the App reads back. */
const unhide = (text: string): string => text.replace(/<!--/g, '<!- -');
const safe = (text: string): string => unhide(maskSecrets(text));

const VERDICT: Record<RedRunDecision['verdict'], string> = {
  rerun: 'Re-running the failed jobs', not_transient: 'Not transient: not re-run again', mechanical: 'Mechanical failure',
  deep: 'Blocked: needs a fix', held: 'Looks transient: not re-run', flaky: 'Passed on re-run: flaky',
};

function row(job: JobRead): string {
  const d = job.diagnosis;
  const step = job.failedSteps[0] ?? '–';
  if (d === null) return `| ${tableCell(job.name)} | ${tableCell(step)} | – | – | – | ${tableCell(job.refused ?? 'not read')} |`;
  const quote = d.evidence === null ? '–' : inlineCode(safe(d.evidence.text.split('\n').find((l) => /error|fail|fatal|refused/i.test(l)) ?? d.evidence.text.split('\n')[0] ?? ''), 100);
  return `| ${tableCell(job.name)} | ${tableCell(step)} | ${d.pattern ? inlineCode(d.pattern) : 'unrecognised'} | ${d.category} | ${Math.round(d.confidence * 100)}% | ${quote} |`;
}

/** The per-job table shared by the check run and the comment. */
export function renderJobTable(jobs: readonly JobRead[], more = 0): string {
  const lines = ['| Job | Failed step | Pattern | Category | Confidence | Evidence |', '| --- | --- | --- | --- | --- | --- |', ...jobs.map(row)];
  if (more > 0) lines.push('', `…and ${more} more failed job(s), not read (a bounded cost per run).`);
  return lines.join('\n');
}

function evidenceBlocks(jobs: readonly JobRead[]): string[] {
  return jobs.flatMap((job) => {
    const d = job.diagnosis;
    if (d?.evidence == null) return [];
    const text = safe(d.evidence.text).split('\n').slice(0, EVIDENCE_LINES).join('\n');
    const cap = job.capped ? ' (only the first part of the log was read: the size cap)' : '';
    return [`**${tableCell(job.name)}**, step ${inlineCode(job.failedSteps[0] ?? 'unknown')}, log lines ${d.evidence.startLine}–${d.evidence.endLine}${cap}:`, '', codeFence(text), ''];
  });
}

/** What to do next, by verdict: the Action's snippet for a mechanical failure, the commands for a blocked one. */
function nextSteps(view: RedRunView): string[] {
  const v = view.decision.verdict;
  if (v === 'mechanical') {
    return ['The closed-loop Action runs this fix itself (eslint --fix, prettier --write, the lockfile, a missing dependency), checks it, and hands the patch to this App, which commits it. Add a workflow job with it (the checks it runs are `checks:` in `.github/closed-loop.yml`):', '', codeFence([
      'on: pull_request', 'jobs:', '  loop:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: actions/checkout@v4',
      '        with: { ref: ${{ github.event.pull_request.head.sha }} }', '      - run: npm ci', '      - uses: closed-loop/closed-loop@v0',
      '        with:', "          token: ''      # the App writes to the PR", '          push: never    # the App commits the verified fix',
    ].join('\n'), 'yaml'), '', 'Where the Action already runs in this workflow, it handles this failure itself.'];
  }
  if (v === 'deep' || v === 'not_transient') {
    return [...(view.suggestions ? [view.suggestions, ''] : []), 'Commands: `/close-loop retry` re-runs the failed jobs, `/close-loop status` shows the loop, `/close-loop resume` after a person fixed it.'];
  }
  return [];
}

/** The check run's output and the comment's body for one red run, all log text masked. */
export function renderRedRun(view: RedRunView): { title: string; summary: string; text: string; comment: string } {
  const { run, decision } = view;
  const title = `${VERDICT[decision.verdict]}: ${view.jobs.map((j) => `${j.name} (${j.diagnosis?.pattern ?? 'unrecognised'})`).join(', ')}`;
  const head = `[${tableCell(run.workflow)} run ${run.id}, attempt ${run.attempt}](${run.url}) on \`${run.head.slice(0, 7)}\`: ${decision.why}.`;
  const table = renderJobTable(view.jobs, view.more);
  const capped = view.jobs.filter((j) => j.capped).map((j) => `Only the first part of the log of ${inlineCode(j.name)} was read (the size cap, \`ci.max_log_mb\`); a failure printed later is not in this diagnosis.`);
  const summary = [head, '', table, '', ...(capped.length ? [...capped, ''] : []), ...nextSteps(view)].join('\n');
  const text = evidenceBlocks(view.jobs).join('\n');
  const comment = ['### closed-loop: CI diagnosis', '', summary, '', ...(text ? ['<details><summary>Evidence</summary>', '', text, '</details>'] : [])].join('\n');
  return { title: clipLine(safe(title), 200), summary: summary.slice(0, 60_000), text: text.slice(0, 60_000), comment };
}

/** file:line errors of every job, for the check run (the writer sends them 50 a request). */
export function redRunAnnotations(jobs: readonly JobRead[], max = 100): Annotation[] {
  const out: Annotation[] = [];
  for (const job of jobs) {
    const d = job.diagnosis;
    if (d === null) continue;
    const lines = (d.evidence?.text ?? '').split('\n');
    for (const loc of d.locations) {
      if (out.length >= max) return out;
      const named = lines.find((l) => l.includes(`${loc.file}:${loc.line}`) || l.includes(`${loc.file}(${loc.line},`)) ?? d.evidence?.text.split('\n').find((l) => l.trim()) ?? '';
      out.push({
        level: 'error', title: clipLine(`${job.name}: ${d.pattern ?? 'unrecognised failure'}`, 200), message: clipLine(safe(named) || `${d.category} error`, 1000),
        file: loc.file, startLine: loc.line, ...(loc.column === null ? {} : { startColumn: loc.column }),
      });
    }
  }
  return out;
}
