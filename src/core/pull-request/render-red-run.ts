import { ACTION_USES } from '../action-tag.js';
import type { CheckAnnotation } from '../plan/plan-schema.js';
import type { JobFinding, RunEntry } from './ci-state.js';
import { safeLogText, type JobRead } from './decide-red-run.js';
import { inlineCode, tableCell } from '../report/markdown-text.js';
import { testName } from './render-flaky-record.js';
import { codeFence } from '../report/code-fence.js';
import { clipLine, clipLines } from '../report/truncate-text.js';

/** What a red run without the Action adds to the `closed-loop` check run and the sticky comment. */
export interface CiRunView {
  /** The check run's title part, and the comment's stage: the verdict and the failed jobs. */
  title: string;
  /** Markdown for the check's summary and the comment: the run, the why, the per-job table, what next. */
  section: string;
  /** The evidence chunks (the check's text, folded in the comment). */
  text: string;
  /** The comment's heading when no closed-loop result is there (`### closed-loop · …`). */
  heading: string;
  /** What it makes of the `closed-loop` check: a red run left red fails it, a re-run keeps it running. */
  gate: 'failed' | 'running' | 'passed';
}

const HEADING: Record<RunEntry['verdict'], string> = {
  rerun: 're-running failed jobs',
  not_transient: 'CI failed',
  mechanical: 'CI failed',
  deep: 'blocked',
  held: 'CI failed',
  flaky: 'passed on re-run',
};

const VERDICT: Record<RunEntry['verdict'], string> = {
  rerun: 'Re-running the failed jobs',
  not_transient: 'Not transient: not re-run again',
  mechanical: 'Mechanical failure',
  deep: 'Blocked: needs a fix',
  held: 'Looks transient: not re-run',
  flaky: 'Passed on re-run: flaky',
};

function row(job: JobFinding): string {
  const step = tableCell(job.step ?? '–');
  if (job.pattern === null && job.quote === '')
    return `| ${tableCell(job.job)} | ${step} | – | – | – | ${tableCell(job.refused ?? 'not read')} |`;
  const quote = job.quote ? inlineCode(job.quote, 100) : '–';
  return `| ${tableCell(job.job)} | ${step} | ${job.pattern ? inlineCode(job.pattern) : 'unrecognised'} | ${job.category} | ${Math.round(job.confidence * 100)}% | ${quote} |`;
}

function evidenceBlocks(jobs: readonly JobFinding[]): string[] {
  return jobs.flatMap((job) => {
    if (job.evidence === null) return [];
    const cap = job.capped ? ' (only the first part of the log was read: the size cap)' : '';
    return [
      `**${tableCell(job.job)}**, step ${inlineCode(job.step ?? 'unknown')}, log lines ${job.evidence.startLine}–${job.evidence.endLine}${cap}:`,
      '',
      codeFence(job.evidence.text),
      '',
    ];
  });
}

const COMMANDS =
  'Commands: `/close-loop retry` re-runs the failed jobs, `/close-loop status` shows the loop, `/close-loop resume` after a person fixed it.';

/**
 * What to do next, by verdict: the Action's snippet for a mechanical failure, the commands for a blocked one.
 */
function nextSteps(entry: RunEntry, resumedBy: string | undefined): string[] {
  const v = entry.verdict;
  if (v === 'deep' && resumedBy !== undefined)
    return [
      `@${resumedBy} resumed the loop (\`/close-loop resume\`): \`loop:blocked\` is cleared; the next CI run goes on. \`/close-loop retry\` re-runs the failed jobs.`,
    ];
  if (v === 'mechanical') {
    return [
      'The closed-loop Action runs this fix itself (eslint --fix, prettier --write, the lockfile, a missing dependency), checks it, and hands the patch to this App, which commits it. Add a workflow job with it (the checks it runs are `checks:` in `.github/closed-loop.yml`):',
      '',
      codeFence(
        [
          'on: pull_request',
          'permissions:',
          '  contents: read',
          'jobs:',
          '  loop:',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - uses: actions/checkout@v4',
          '        with:',
          // Block style: `${{` inside a flow map `{ … }` is not YAML.
          '          ref: ${{ github.event.pull_request.head.sha }}',
          '          persist-credentials: false # keep the token out of .git/config',
          '      - run: npm ci',
          `      - uses: ${ACTION_USES}`,
          '        with:',
          "          token: ''      # the App writes to the PR",
          '          push: never    # the App commits the verified fix',
        ].join('\n'),
        'yaml',
      ),
      '',
      'Where the Action already runs in this workflow, it handles this failure itself.',
    ];
  }
  if (v === 'deep')
    return [
      'The blocked report (a comment below, once per head) has the evidence and suggestions from similar dead letters.',
      '',
      COMMANDS,
    ];
  if (v === 'not_transient') return [COMMANDS];
  if (v === 'flaky') {
    const named = entry.jobs
      .filter((j) => j.tests.length > 0)
      .map((j) => `${tableCell(j.job)}: ${j.tests.map(testName).join(', ')}`);
    return [
      ...(named.length ? [`Tests named in the failed log: ${named.join('; ')}.`, ''] : []),
      "The repository's flaky record is the issue labelled `loop:flaky`.",
    ];
  }
  return [];
}

/**
 * The newest red run of the head as the check run and the comment show it, from its kept entry (all log text
 * already masked). `resumedBy`: the person who resumed the block a deep failure set (`/close-loop resume`).
 */
export function renderCiRun(entry: RunEntry, opts: { resumedBy?: string | undefined } = {}): CiRunView {
  const resumedBy = entry.verdict === 'deep' ? opts.resumedBy : undefined;
  const verdict = resumedBy === undefined ? VERDICT[entry.verdict] : `Needs a fix (resumed by @${resumedBy})`;
  const title = clipLine(
    `${verdict}: ${entry.jobs.map((j) => `${j.job} (${j.pattern ?? 'unrecognised'})`).join(', ')}`,
    200,
  );
  const link = `${tableCell(entry.workflow)} run ${entry.run}, attempt ${entry.attempt}`;
  const head = `${entry.url ? `[${link}](${encodeURI(entry.url)})` : link} on \`${entry.head.slice(0, 7)}\`: ${entry.why}.`;
  const table = [
    '| Job | Failed step | Pattern | Category | Confidence | Evidence |',
    '| --- | --- | --- | --- | --- | --- |',
    ...entry.jobs.map(row),
  ];
  if (entry.more > 0)
    table.push('', `…and ${entry.more} more failed job(s), not read (a bounded cost per run).`);
  const capped = entry.jobs
    .filter((j) => j.capped)
    .map(
      (j) =>
        `Only the first part of the log of ${inlineCode(j.job)} was read (the size cap, \`ci.max_log_mb\`); a failure printed later is not in this diagnosis.`,
    );
  const next = nextSteps(entry, resumedBy);
  const section = [
    `#### CI: ${title}`,
    '',
    head,
    '',
    ...table,
    ...(capped.length ? ['', ...capped] : []),
    ...(next.length ? ['', ...next] : []),
  ].join('\n');
  return {
    title,
    section: section.slice(0, 20_000),
    text: evidenceBlocks(entry.jobs).join('\n').slice(0, 20_000),
    heading: resumedBy === undefined ? HEADING[entry.verdict] : 'CI failed',
    gate: entry.verdict === 'rerun' ? 'running' : entry.verdict === 'flaky' ? 'passed' : 'failed',
  };
}

/**
 * The blocked report of a deep failure (once per head, like the Action's): the evidence, earlier dead
 * letters' suggestions, the commands.
 */
export function renderCiBlockedReport(entry: RunEntry, suggestions: string): string {
  const view = renderCiRun(entry);
  return [
    `### closed-loop · blocked`,
    '',
    `${entry.workflow} run ${entry.run} failed in a way a re-run does not fix: ${entry.why}.`,
    '',
    view.text,
    ...(suggestions ? [suggestions.trim(), ''] : []),
    COMMANDS,
  ].join('\n');
}

/** file:line errors of every job, for the check run (the writer sends them 50 a request). */
export function redRunAnnotations(jobs: readonly JobRead[], max = 100): CheckAnnotation[] {
  const out: CheckAnnotation[] = [];
  for (const job of jobs) {
    const d = job.diagnosis;
    if (d === null) continue;
    const lines = (d.evidence?.text ?? '').split('\n');
    // The tool's message of each place, when the analyzer read it (an older result has none).
    const said = d.messages?.length === d.locations.length ? d.messages : undefined;
    for (const [i, loc] of d.locations.entries()) {
      if (out.length >= max) return out;
      const named =
        said?.[i] ||
        (lines.find((l) => l.includes(`${loc.file}:${loc.line}`) || l.includes(`${loc.file}(${loc.line},`)) ??
          d.evidence?.text.split('\n').find((l) => l.trim()) ??
          '');
      out.push({
        path: loc.file,
        start_line: loc.line,
        end_line: loc.line,
        annotation_level: 'failure',
        title: clipLine(`${job.name}: ${d.pattern ?? 'unrecognised failure'}`, 200),
        message: clipLines(safeLogText(named) || `${d.category} error`, 1000),
      });
    }
  }
  return out;
}
