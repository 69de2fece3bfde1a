import { NEVER_RESCUES_AFTER, neverRescues, type FlakyRecord, type JobFinding } from './ci-state.js';
import { inlineCode, tableCell } from '../report/markdown-text.js';

export const FLAKY_LABEL = 'loop:flaky';
export const FLAKY_TITLE = 'closed-loop: flaky jobs and tests';

/**
 * The record after a re-run turned `jobs` green on `pr`: each job (and its tests) flaked once more;
 * when the App made the re-run (`byApp`), each pattern rescued once more.
 */
export function recordFlaky(
  record: FlakyRecord,
  jobs: readonly JobFinding[],
  pr: number,
  at: string,
  byApp: boolean,
): FlakyRecord {
  const flaky = record.flaky.map((f) => ({ ...f, tests: [...f.tests], prs: [...f.prs] }));
  const rescue = structuredClone(record.rescue);
  for (const job of jobs) {
    let entry = flaky.find((f) => f.job === job.job);
    if (!entry) flaky.push((entry = { job: job.job, tests: [], count: 0, prs: [], last: at }));
    entry.count += 1;
    entry.last = at;
    for (const t of job.tests) if (!entry.tests.includes(t) && entry.tests.length < 5) entry.tests.push(t);
    if (!entry.prs.includes(pr)) entry.prs = [...entry.prs, pr].slice(-20);
  }
  for (const p of byApp ? new Set(jobs.map((j) => j.pattern ?? 'unrecognised')) : []) {
    const r = rescue[p] ?? { made: 0, rescued: 0 };
    rescue[p] = { made: Math.max(r.made, r.rescued + 1), rescued: r.rescued + 1 };
  }
  return { flaky: flaky.slice(-40), rescue };
}

/** The record after the App re-ran jobs diagnosed as `patterns`. */
export function recordRerun(record: FlakyRecord, patterns: readonly (string | null)[]): FlakyRecord {
  const rescue = structuredClone(record.rescue);
  for (const p of new Set(patterns.map((x) => x ?? 'unrecognised'))) {
    const r = rescue[p] ?? { made: 0, rescued: 0 };
    rescue[p] = { made: r.made + 1, rescued: r.rescued };
  }
  return { flaky: record.flaky, rescue };
}

/**
 * A test's name in a table cell: `>` would show as an entity inside code, so vitest's separator becomes `›`.
 */
export function testName(name: string): string {
  return inlineCode(name.replace(/ > /g, ' › '), 100);
}

/** The issue's readable body (the App appends its signed copy of the record below it). */
export function renderFlakyRecord(record: FlakyRecord, repoUrl: string): string {
  const flaky = [...record.flaky].sort((a, b) => b.count - a.count || b.last.localeCompare(a.last));
  const rows = flaky.map(
    (f) =>
      `| ${tableCell(f.job)} | ${f.tests.length ? f.tests.slice(0, 5).map(testName).join('<br>') : '–'} | ${f.count} | ${f.prs.map((n) => `[#${n}](${repoUrl}/pull/${n})`).join(' ')} | ${f.last.slice(0, 16).replace('T', ' ')} UTC |`,
  );
  const rescue = Object.entries(record.rescue)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([p, r]) =>
        `| ${inlineCode(p)} | ${r.made} | ${r.rescued} | ${r.made === 0 ? '–' : `${Math.round((r.rescued / r.made) * 100)}%`} | ${neverRescues(record, p) ? `**no**: ${r.made} re-runs, none turned green` : 'yes'} |`,
    );
  return [
    'closed-loop keeps this issue up to date: a job that failed and then passed when re-run at the same commit is flaky. Edit nothing below: the App rewrites this body.',
    '',
    '## Flaky jobs and tests',
    '',
    ...(rows.length
      ? ['| Job | Tests | Times | Pull requests | Last |', '| --- | --- | --- | --- | --- |', ...rows]
      : ['None yet.']),
    '',
    '## Do re-runs help?',
    '',
    `Per failure pattern: automatic re-runs made, and how many turned the jobs green. A pattern re-run ${NEVER_RESCUES_AFTER} times without one rescue is not re-run automatically any more.`,
    '',
    ...(rescue.length
      ? [
          '| Pattern | Re-runs | Turned green | Rescue rate | Re-run automatically |',
          '| --- | --- | --- | --- | --- |',
          ...rescue,
        ]
      : ['No re-runs yet.']),
  ].join('\n');
}
