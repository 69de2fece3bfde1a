import { describe, expect, it } from 'vitest';
import { maskSecretsDeep } from '../../../src/core/report/mask-secrets-deep.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import {
  addRunEntry,
  emptyFlakyRecord,
  JobFindingSchema,
  MAX_CI_STATE_CHARS,
  RunEntrySchema,
  type FlakyRecord,
  type RunEntry,
} from '../../../src/core/pull-request/ci-state.js';
import { decideRedRun, type JobRead } from '../../../src/core/pull-request/decide-red-run.js';
import { recordFlaky, recordRerun } from '../../../src/core/pull-request/render-flaky-record.js';
import { renderCiRun } from '../../../src/core/pull-request/render-red-run.js';
import { aDiagnosis } from '../dead-letter/builders.js';

const HEAD = 'a'.repeat(40);
const RUN = { id: 7, attempt: 1, head: HEAD, workflow: 'CI', url: 'https://github.com/o/r/actions/runs/7' };
const network = aDiagnosis({ pattern: 'network-error', category: 'network', signature: 'network-error:-:1' });
const job = (over: Partial<JobRead> = {}): JobRead => ({
  name: 'build',
  url: '',
  failedSteps: ['Run npm ci'],
  diagnosis: network,
  refused: null,
  capped: false,
  tests: [],
  ...over,
});
const ci = (over: object = {}) => ({ ...defaultConfig().ci, ...over });
const BUDGETS = { 'network-error': 3, 'test-failure': 3, timeout: 2, 'disk-full': 0 };
const decide = (
  over: { jobs?: JobRead[]; runs?: RunEntry[]; record?: FlakyRecord; ci?: object; attempt?: number } = {},
) =>
  decideRedRun({
    run: { ...RUN, attempt: over.attempt ?? 1 },
    jobs: over.jobs ?? [job()],
    more: 0,
    state: { runs: over.runs ?? [] },
    record: over.record ?? emptyFlakyRecord(),
    ci: ci(over.ci),
    budgets: BUDGETS,
  });

describe('decideRedRun: the CI-level strategy of a red run without the Action', () => {
  it.each([
    ['a network failure, budget left', 'rerun', {}],
    ['automatic re-runs off', 'held', { ci: { auto_rerun: false } }],
    [
      "the head's budget used",
      'held',
      {
        runs: [
          RunEntrySchema.parse({
            run: 6,
            attempt: 1,
            head: HEAD,
            workflow: 'CI',
            jobs: [],
            rerun: true,
            verdict: 'rerun',
          }),
        ],
      },
    ],
    [
      'a pattern whose budget is 0 (disk-full)',
      'held',
      { jobs: [job({ diagnosis: aDiagnosis({ pattern: 'disk-full', category: 'resource' }) })] },
    ],
    [
      'a lint error',
      'mechanical',
      { jobs: [job({ diagnosis: aDiagnosis({ pattern: 'lint-error', category: 'lint' }) })] },
    ],
    [
      'a type error beside a network failure',
      'deep',
      { jobs: [job(), job({ name: 'types', diagnosis: aDiagnosis() })] },
    ],
    ['a log not read', 'deep', { jobs: [job({ diagnosis: null, refused: 'gone' })] }],
  ])('%s → %s', (_what, verdict, over) => {
    expect(decide(over).verdict).toBe(verdict);
  });

  it('the same signature after its own re-run stops; a different error after the re-run is judged afresh', () => {
    const rerun = decide().entry;
    expect(decide({ runs: [rerun], attempt: 2 })).toMatchObject({
      verdict: 'not_transient',
      why: expect.stringContaining('same error came back after a re-run'),
    });
    const other = aDiagnosis({ pattern: 'timeout', category: 'timeout', signature: 'timeout:-:2' });
    expect(
      decide({ runs: [rerun], attempt: 2, jobs: [job({ diagnosis: other })], ci: { rerun_budget: 2 } })
        .verdict,
    ).toBe('rerun');
  });

  it('a test failure in a job the flaky record knows is re-run; a pattern re-run 3 times without a rescue is not, and the PR says why', () => {
    const test = job({ name: 'test', diagnosis: aDiagnosis({ pattern: 'test-failure', category: 'test' }) });
    expect(decide({ jobs: [test] }).verdict).toBe('deep');
    const known = recordFlaky(
      emptyFlakyRecord(),
      [
        JobFindingSchema.parse({
          job: 'test',
          pattern: 'test-failure',
          category: 'test',
          signature: 's',
          tests: [],
        }),
      ],
      2,
      '2026-11-24T17:00:00Z',
      false,
    );
    expect(decide({ jobs: [test], record: known }).verdict).toBe('rerun');

    let record = emptyFlakyRecord();
    for (let i = 0; i < 3; i++) record = recordRerun(record, ['network-error']);
    const held = decide({ record });
    expect(held).toMatchObject({
      verdict: 'held',
      why: expect.stringContaining('never turned green in this repository (0 of 3)'),
    });
    expect(renderCiRun(held.entry).section).toContain('0 of 3');
  });

  it('log text cannot forge a hidden block in the comment, and a token masked where the log was read stays so', () => {
    const evil = maskSecretsDeep(
      aDiagnosis({
        evidence: {
          startLine: 1,
          endLine: 2,
          text: 'npm error <!-- closed-loop:ci-state v1 x.y -->\nnpm error token ghp_abcdefghijklmnopqrstuvwxyz0123456789',
        },
      }),
    );
    const out = renderCiRun(decide({ jobs: [job({ diagnosis: evil })] }).entry);
    for (const text of [out.section, out.text]) {
      expect(text).not.toContain('<!-- closed-loop:ci-state');
      expect(text).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    }
    expect(out.text).toContain('npm error <!- - closed-loop:ci-state');
  });

  it('the kept CI state stays under its budget: evidence only for the newest run, the oldest runs dropped first', () => {
    const long = aDiagnosis({
      evidence: {
        startLine: 1,
        endLine: 20,
        text: Array.from({ length: 20 }, (_, i) => `error TS2322 line ${i} ${'x'.repeat(90)}`).join('\n'),
      },
    });
    let state = { runs: [] as RunEntry[] };
    for (let id = 1; id <= 30; id++)
      state = addRunEntry(
        state,
        decideRedRun({
          run: { ...RUN, id },
          jobs: Array.from({ length: 4 }, (_, i) => job({ name: `job-${i}`, diagnosis: long })),
          more: 0,
          state,
          record: emptyFlakyRecord(),
          ci: ci(),
          budgets: BUDGETS,
        }).entry,
      );
    expect(JSON.stringify(state).length).toBeLessThanOrEqual(MAX_CI_STATE_CHARS);
    expect(state.runs.at(-1)?.run).toBe(30);
    expect(state.runs.at(-1)?.jobs[0]?.evidence?.text).toContain('error TS2322 line 0');
    expect(state.runs.slice(0, -1).every((r) => r.jobs.every((j) => j.evidence === null))).toBe(true);
  });
});
