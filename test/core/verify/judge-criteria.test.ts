import { describe, expect, it } from 'vitest';
import type { VerifyFacts } from '../../../src/core/verify/verify-facts.js';
import { verifyPullRequest } from '../../../src/core/verify/verify-pull-request.js';
import { aCheck, aCriterion, aFacts, SHA7 } from './builders.js';

const changed = [{ path: 'src/api/users.ts', status: 'added', additions: 40, deletions: 0 }];

/** One criterion judged against `facts`: what a reviewer reads in its row. */
function judge(text: string, checked: boolean | null, facts: Partial<VerifyFacts>) {
  const [row] = verifyPullRequest('', aFacts(facts), [aCriterion(text, { checked })]).criteria;
  return { status: row?.status, evidence: row?.evidence.join(' · '), missing: row?.missing };
}

describe('judging one criterion', () => {
  it.each<[string, string, boolean | null, Partial<VerifyFacts>, string, string, string | null]>([
    [
      'named file exists and was changed',
      '`src/api/users.ts` exports the handler',
      true,
      { artifacts: [{ path: 'src/api/users.ts', size: 812 }], changedFiles: changed },
      'pass',
      `\`src/api/users.ts\` exists at ${SHA7} (812 bytes), added by this PR (+40 −0)`,
      null,
    ],
    [
      'named file exists, untouched by the PR',
      'README.md mentions it',
      true,
      { artifacts: [{ path: 'README.md', size: 5 }] },
      'pass',
      'not changed by this PR',
      null,
    ],
    [
      'named file missing',
      '`docs/api.md` documents it',
      true,
      { artifacts: [{ path: 'docs/api.md', size: null }] },
      'fail',
      `\`docs/api.md\` is missing at ${SHA7}`,
      '`docs/api.md` must exist',
    ],
    [
      'named file deleted by the PR',
      '`docs/api.md` documents it',
      true,
      {
        artifacts: [{ path: 'docs/api.md', size: null }],
        changedFiles: [{ path: 'docs/api.md', status: 'removed', additions: 0, deletions: 9 }],
      },
      'fail',
      '(this PR deletes it)',
      '`docs/api.md` must exist',
    ],
    [
      'named file empty',
      '`docs/api.md` documents it',
      true,
      { artifacts: [{ path: 'docs/api.md', size: 0 }] },
      'fail',
      `\`docs/api.md\` is empty at ${SHA7}`,
      '`docs/api.md` must not be empty',
    ],
    [
      'named file the App did not fetch',
      '`docs/api.md` documents it',
      true,
      {},
      'partial',
      '`docs/api.md` was not inspected',
      `\`docs/api.md\` could not be read at ${SHA7}; run \`/close-loop verify\` again`,
    ],
    [
      'tests: all matching checks green',
      'Unit tests pass',
      true,
      { checks: [aCheck('unit-test'), aCheck('e2e tests'), aCheck('lint', 'failure')] },
      'pass',
      '`e2e tests`: success (https://github.com/acme/shop/runs/e2e-tests) · `unit-test`: success (https://github.com/acme/shop/runs/unit-test)',
      null,
    ],
    [
      'tests: one failed',
      'Unit tests pass',
      true,
      { checks: [aCheck('unit-test'), aCheck('e2e tests', 'failure')] },
      'fail',
      '`e2e tests`: failure',
      '`e2e tests` must succeed',
    ],
    [
      'tests: timed out counts as failed',
      'tests pass',
      true,
      { checks: [aCheck('test', 'timed_out')] },
      'fail',
      '`test`: timed_out',
      '`test` must succeed',
    ],
    [
      'tests: still running',
      'tests pass',
      true,
      { checks: [aCheck('test', null)] },
      'partial',
      '`test`: in progress',
      'waiting for `test` to finish successfully; run `/close-loop verify` again then',
    ],
    [
      'lint and types: both families must pass',
      'No lint or type errors',
      true,
      {
        checks: [
          aCheck('eslint', 'success', { url: undefined }),
          aCheck('tsc', 'failure', { url: undefined }),
        ],
      },
      'fail',
      '`eslint`: success · `tsc`: failure',
      '`tsc` must succeed',
    ],
    [
      'build',
      'The project builds',
      true,
      { checks: [aCheck('build (node 20)')] },
      'pass',
      '`build (node 20)`: success',
      null,
    ],
    [
      'format',
      'Code is formatted with prettier',
      true,
      { checks: [aCheck('prettier --check')] },
      'pass',
      '`prettier --check`: success',
      null,
    ],
    [
      'file and tests together: the worst part decides',
      '`test/users.test.ts` covers it and tests pass',
      true,
      { artifacts: [{ path: 'test/users.test.ts', size: 300 }], checks: [aCheck('test', null)] },
      'partial',
      '`test/users.test.ts` exists',
      'waiting for `test`',
    ],
    [
      'only skipped matching checks: no evidence, the claim decides',
      'tests pass',
      true,
      { checks: [aCheck('test', 'skipped')] },
      'partial',
      'claimed by the author (ticked in the PR body)',
      'no automated evidence — a reviewer should confirm it',
    ],
    [
      'ticked, nothing automated',
      'The error message is friendly',
      true,
      {},
      'partial',
      'claimed by the author (ticked in the PR body)',
      'no automated evidence — a reviewer should confirm it',
    ],
    [
      'unticked, nothing automated',
      'The error message is friendly',
      false,
      {},
      'fail',
      'unticked in the PR body (line 3)',
      'not done: unchecked in the PR body — do it, then tick the box',
    ],
    [
      'spec item without a box',
      'The error message is friendly',
      null,
      {},
      'partial',
      "listed in the task spec (line 3); not in the PR body's checklist",
      'no automated evidence and no claim',
    ],
    [
      'tests mentioned but no test check ran',
      'tests pass',
      true,
      { checks: [aCheck('lint')] },
      'partial',
      `no test check reported on ${SHA7}`,
      'no automated evidence',
    ],
    [
      'evidence passes but the author left it unticked',
      'tests pass',
      false,
      { checks: [aCheck('test', 'success', { url: undefined })] },
      'partial',
      '`test`: success · left unticked in the PR body',
      'tick it in the PR body if it is done',
    ],
    [
      "the report's own check is not evidence",
      'tests pass',
      true,
      { checks: [aCheck('closed-loop', 'failure'), aCheck('test')] },
      'pass',
      '`test`: success',
      null,
    ],
  ])('%s', (_what, text, checked, facts, status, evidence, missing) => {
    const row = judge(text, checked, facts);
    expect(row.status).toBe(status);
    expect(row.evidence).toContain(evidence);
    if (missing === null) expect(row.missing).toBeNull();
    else expect(row.missing).toContain(missing);
  });
});
