import { describe, expect, it } from 'vitest';
import type { VerifyFacts } from '../../../src/core/verify/verify-facts.js';
import { verifyPullRequest } from '../../../src/core/verify/verify-pull-request.js';
import { aBody, aCheck, aFacts, SHA7 } from './builders.js';

const DONE = aBody('[x] `src/api/users.ts` exports the handler', '[x] Unit tests pass');
const FILES = { artifacts: [{ path: 'src/api/users.ts', size: 812 }] };

describe('the verdict', () => {
  it.each<[string, string, Partial<VerifyFacts>, string, string[], string | null]>([
    ['every criterion passes, every check green', DONE, FILES, 'complete', [], null],
    [
      'approved and skipped gates do not block',
      DONE,
      {
        ...FILES,
        gates: [
          { gate: 'security', status: 'approved', by: 'sam' },
          { gate: 'deploy', status: 'skipped' },
        ],
      },
      'complete',
      [],
      null,
    ],
    [
      'an interrupted loop does not block',
      DONE,
      { ...FILES, loop: { status: 'interrupted', reason: 'runner cancelled' } },
      'complete',
      [],
      null,
    ],
    ['a criterion fails', aBody('[x] Unit tests pass', '[ ] Changelog entry'), {}, 'returned', [], null],
    ['a criterion is only claimed', aBody('[x] The error message is friendly'), {}, 'returned', [], null],
    [
      'a named file is missing',
      DONE,
      { artifacts: [{ path: 'src/api/users.ts', size: null }] },
      'returned',
      ['ArtifactMissing'],
      null,
    ],
    [
      'a named file is empty',
      DONE,
      { artifacts: [{ path: 'src/api/users.ts', size: 0 }] },
      'returned',
      ['ArtifactEmpty'],
      null,
    ],
    [
      'a check no criterion names failed',
      DONE,
      { ...FILES, checks: [aCheck('test'), aCheck('codeql', 'failure')] },
      'returned',
      ['AutomatedCheckFailed'],
      null,
    ],
    [
      'a check is still running',
      DONE,
      { ...FILES, checks: [aCheck('test'), aCheck('codeql', null)] },
      'returned',
      [],
      null,
    ],
    ['no criteria anywhere', 'Adds the endpoint.', {}, 'returned', ['TaskSpecMissingCriteria'], null],
    [
      'the loop gave up (dead letter)',
      DONE,
      { ...FILES, loop: { status: 'failed', reason: 'retry budget exhausted' } },
      'blocked',
      [],
      'the loop gave up (a dead letter): retry budget exhausted',
    ],
    [
      'the loop escalated',
      DONE,
      { ...FILES, loop: { status: 'escalated' } },
      'blocked',
      [],
      'the loop is escalated',
    ],
    [
      'the loop is blocked',
      DONE,
      { ...FILES, loop: { status: 'blocked', reason: 'needs security review' } },
      'blocked',
      [],
      'the loop is blocked: needs security review',
    ],
    [
      'a required gate is pending',
      DONE,
      { ...FILES, gates: [{ gate: 'security', status: 'pending', reason: 'touches src/auth' }] },
      'blocked',
      [],
      'the security gate waits for approval (touches src/auth)',
    ],
    [
      'the linked spec is missing',
      DONE,
      { ...FILES, taskSpec: { path: 'docs/tasks/T-7.md', text: null } },
      'blocked',
      ['TaskNotFound'],
      `the linked task spec \`docs/tasks/T-7.md\` does not exist at ${SHA7}`,
    ],
    [
      'blocked wins over failing criteria',
      aBody('[ ] Changelog entry'),
      { gates: [{ gate: 'deploy', status: 'pending' }], checks: [aCheck('test', 'failure')] },
      'blocked',
      ['AutomatedCheckFailed'],
      'the deploy gate',
    ],
  ])('%s', (_what, body, facts, verdict, codes, blocker) => {
    const report = verifyPullRequest(body, aFacts(facts));
    expect(report.verdict).toBe(verdict);
    expect(report.errors.map((e) => e.code)).toEqual(codes);
    if (blocker === null) expect(report.blockers).toEqual([]);
    else expect(report.blockers.join('\n')).toContain(blocker);
    if (verdict === 'returned') expect(report.todo.length).toBeGreaterThan(0);
    if (verdict === 'complete') expect(report.todo).toEqual([]);
  });
});

describe('errors say the next step', () => {
  it('no criteria: the resolution names both ways to add them', () => {
    const [error] = verifyPullRequest('', aFacts()).errors;
    expect(error?.resolution).toContain(
      'add an Acceptance criteria checklist to the PR description or link a task spec'.replace(/^a/, 'A'),
    );
    expect(verifyPullRequest('', aFacts()).todo[0]).toBe(error?.resolution);
  });

  it('a failed check names itself, its conclusion, the head and its log', () => {
    const report = verifyPullRequest(DONE, aFacts({ ...FILES, checks: [aCheck('lint', 'failure')] }));
    expect(report.errors).toEqual([
      {
        code: 'AutomatedCheckFailed',
        message: `\`lint\`: failure (https://github.com/acme/shop/runs/lint) on ${SHA7}.`,
        resolution:
          'Fix what `lint` reports (see its log), push, and run `/close-loop verify` again once it has run on the new head.',
      },
    ]);
    expect(report.todo).toContain(
      'Fix what `lint` reports (failure, log: https://github.com/acme/shop/runs/lint), then push.',
    );
  });

  it('the To do list names each criterion not passing and exactly what it lacks', () => {
    const report = verifyPullRequest(
      aBody('[x] `docs/api.md` documents it', '[ ] Changelog entry'),
      aFacts({ artifacts: [{ path: 'docs/api.md', size: 0 }] }),
    );
    expect(report.todo).toEqual([
      'AC-1 (fail) “`docs/api.md` documents it”: `docs/api.md` must not be empty.',
      'AC-2 (fail) “Changelog entry”: not done: unchecked in the PR body — do it, then tick the box.',
    ]);
  });
});

describe('criteria from the linked spec', () => {
  const spec = {
    path: 'docs/tasks/T-7.md',
    text: '# T-7\n## Acceptance criteria\n- `src/api/users.ts` exports the handler\n- Unit tests pass\n',
  };

  it('judges the spec criteria when the PR body has none, complete when all pass', () => {
    const report = verifyPullRequest('Task spec: docs/tasks/T-7.md', aFacts({ ...FILES, taskSpec: spec }));
    expect(report.criteria.map((c) => [c.id, c.source, c.status])).toEqual([
      ['AC-1', 'task-spec', 'pass'],
      ['AC-2', 'task-spec', 'pass'],
    ]);
    expect(report.verdict).toBe('complete');
    expect(report.taskSpecPath).toBe('docs/tasks/T-7.md');
  });

  it('notes a spec without criteria and judges the PR body instead', () => {
    const report = verifyPullRequest(
      DONE,
      aFacts({ ...FILES, taskSpec: { path: 't.md', text: '# T\nno criteria here' } }),
    );
    expect(report.notes).toEqual([
      "`t.md` has no Acceptance criteria section; the PR description's checklist was judged instead.",
    ]);
    expect(report.verdict).toBe('complete');
  });
});

describe('idempotence', () => {
  it('the same facts, in any order of check runs, give the same report', () => {
    const checks = [aCheck('test'), aCheck('lint', 'failure'), aCheck('build', null)];
    const first = verifyPullRequest(DONE, aFacts({ ...FILES, checks }));
    expect(verifyPullRequest(DONE, aFacts({ ...FILES, checks: [...checks].reverse() }))).toEqual(first);
    expect(first.checks).toMatchObject({
      passed: ['test'],
      failed: ['lint'],
      pending: ['build'],
      none: false,
    });
  });

  it('a check listed twice counts once, as first listed (GitHub lists the latest first)', () => {
    const report = verifyPullRequest(
      DONE,
      aFacts({ ...FILES, checks: [aCheck('test'), aCheck('test', 'failure')] }),
    );
    expect(report.checks.failed).toEqual([]);
    expect(report.verdict).toBe('complete');
  });
});
