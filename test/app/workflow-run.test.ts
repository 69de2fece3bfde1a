import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../src/core/dead-letter/build-dead-letter.js';
import { renderDeadLetter } from '../../src/core/dead-letter/render-dead-letter.js';
import type { LoopResult } from '../../src/core/loop-result.js';
import { renderEscalation } from '../../src/core/report/render-escalation.js';
import { actionWords } from '../../src/action/inputs.js';
import { aDeadLetterResult, aLoopResult, lintFixedHistory } from '../core/pull-request/builders.js';
import { aDiagnosis, anInput, CATALOGUE, seedAttempts } from '../core/dead-letter/builders.js';
import { BASE_FILES, fixRepos, type FixRepo } from '../github/fix-patch-kit.js';
import { git, writeFiles } from '../helpers/temp-repo.js';
import { BOT, useApp } from './app-kit.js';
import type { FakeCheckRun } from './fake-github.js';
import { renderReportComment } from '../../src/core/pull-request/report-comment.js';
import {
  commentPayload,
  HEAD,
  OWNER,
  pullRequestPayload,
  REPO,
  REPO_PATH,
  workflowRunPayload,
} from './payloads.js';

const kit = useApp();
const makeFix = fixRepos();

const RUN = 30433642;
const STICKY = '<!-- closed-loop:loop-comment -->';
const REPORT = '<!-- closed-loop:report -->';
const NOTICE = '<!-- closed-loop:fix -->';
const REF_PATH = `${REPO_PATH}/git/refs/heads/changes`;

/** The `closed-loop-result` zip as the Action uploads it. */
function artifact(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

function resultJson(result: LoopResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** The fake GitHub's branch and PR at the fix repository's evaluated head, the run's artifact set. */
async function atFix(files?: (fix: FixRepo) => Record<string, string>): Promise<FixRepo> {
  const fix = await makeFix();
  kit.github.git = fix.dir;
  kit.github.headSha = kit.github.branchHead = fix.start;
  kit.github.artifacts.set(
    RUN,
    artifact(files ? files(fix) : { 'result.json': fix.resultJson, 'fix.patch': fix.patch }),
  );
  return fix;
}

function deadLetterReport(taskId: string): string {
  return renderDeadLetter(buildDeadLetter(anInput({ taskId })));
}

/** An escalation as the Action renders it in App mode: the advice is the App's. */
const escalation = renderEscalation({
  taskId: 'main-e9702ae',
  reason: 'Same type-error pattern with analyze_then_fix strategy failed twice.',
  attempts: seedAttempts(),
  finalDiagnosis: aDiagnosis(),
  patterns: CATALOGUE,
  retry: actionWords('app').retry,
});

const warns = (): string[] => kit.logs.filter((l) => l.startsWith('warn '));
const errors = (): string[] => kit.logs.filter((l) => l.startsWith('error '));
const sticky = (): string => {
  const found = kit.github.botComments(STICKY);
  expect(found).toHaveLength(1);
  return found[0]!.body;
};

describe('workflow_run.completed: a verified fix', () => {
  it("commits exactly the Action's fix onto the evaluated head, fast-forward only, and says so on the PR", async () => {
    const fix = await atFix();
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));

    const committed = kit.github.branchHead;
    expect(committed).not.toBe(fix.start);
    expect(git(fix.dir, 'rev-parse', `${committed}^{tree}`)).toBe(
      git(fix.dir, 'rev-parse', `${fix.end}^{tree}`),
    );
    expect(git(fix.dir, 'rev-list', '--parents', '-n', '1', committed).split(' ').slice(1)).toEqual([
      fix.start,
    ]);
    expect(git(fix.dir, 'log', '-1', '--format=%B', committed)).toMatch(/^Closed-Loop-Strategy: auto_fix$/m);
    const refUpdates = kit.github.writesTo('PATCH', /\/git\/refs\/heads\/changes$/);
    expect(refUpdates.map((w) => w.body)).toEqual([{ sha: committed, force: false }]);

    const body = sticky();
    expect(body).toContain('| Attempts | 2 attempts on this pull request');
    expect(body).toContain('| Strategies | auto_fix |');
    expect(body).toContain(`Pushed fix ${committed.slice(0, 7)}`);
    const [, left, max] = /(\d+) of (\d+) fix pushes/.exec(body) ?? [];
    expect(Number(left)).toBe(Number(max) - 1); // the App's commit counts against the loop's push budget
    const notices = kit.github.botComments(NOTICE);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain(`closed-loop committed the fix from [run ${RUN}]`);
    expect(notices[0]!.body).toContain(`as ${committed.slice(0, 7)} (auto_fix for lint-error)`);
    expect(kit.github.labels).toEqual([]);
    expect(warns()).toEqual([]);

    // GitHub's synchronize for the App's own commit, before any CI has reported on it: CI is to check the
    // loop's fix (RETRY), so the check is in progress, never green on an untested commit.
    kit.github.headSha = committed;
    await kit.receive('pull_request', pullRequestPayload('synchronize', { head: committed }), 'sync-fix');
    const check = kit.github.checkRuns
      .filter((c) => c.name === 'closed-loop' && c.head_sha === committed)
      .at(-1);
    expect(check).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(check?.output.title).toBe(
      "Waiting for CI on the loop's fix: no check has reported on this head yet",
    );
    expect(sticky()).toMatch(
      /\| Stage \| \*\*RETRY\*\* · no check has reported on the loop's fix `[0-9a-f]{7}` yet/,
    );
  });
});

describe('workflow_run.completed: dead letters and escalations', () => {
  const deadLetter = (): LoopResult =>
    aDeadLetterResult({
      head: { start: HEAD, end: HEAD },
      reports: { dead_letter: deadLetterReport('main-e9702ae'), escalation: null },
    });

  it('labels a dead letter and posts its report once; the same delivery again writes nothing', async () => {
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(deadLetter()) }));
    await kit.receive('workflow_run', workflowRunPayload());

    expect(kit.github.labels).toEqual(['loop:dead-letter']);
    const reports = kit.github.botComments(REPORT);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.body).toContain('## Error Chain');
    expect(reports[0]!.body).toContain(`From [run ${RUN}]`);
    expect(reports[0]!.body).toContain('/close-loop resume');
    expect(reports[0]!.body).not.toContain('Similar dead letters');
    expect(sticky()).toContain('Dead letter: the loop gave up');

    const comments = structuredClone(kit.github.comments);
    const writes = kit.github.writes.length;
    await kit.receive('workflow_run', workflowRunPayload(), 'delivery-1');
    expect(kit.github.comments).toEqual(comments);
    expect(kit.github.writes.slice(writes)).toEqual([]);
  });

  it('adds smart suggestions from a similar dead letter reported earlier on another PR', async () => {
    const at = '2026-03-01T09:00:00Z';
    kit.github.deadLetterIssues = [
      {
        number: 7,
        comments: [
          {
            id: 71,
            user: 'alice',
            created_at: at,
            body: `${REPORT}\n${renderReportComment(deadLetterReport('planted-by-a-person'))}`,
          },
          {
            id: 72,
            user: BOT,
            created_at: at,
            body: `${REPORT}\n<!-- closed-loop:key ${'d'.repeat(40)} -->\n${renderReportComment(deadLetterReport('pr-7-task'))}\n\n<sub>From run 1.</sub>`,
          },
        ],
      },
    ];
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(deadLetter()) }));
    await kit.receive('workflow_run', workflowRunPayload());

    const [report] = kit.github.botComments(REPORT);
    expect(report?.body).toContain('### Similar dead letters in this repository');
    expect(report?.body).toContain('## Smart Suggestions');
    expect(report?.body).toContain('pr-7-task');
    expect(report?.body).not.toContain('planted-by-a-person');
  });

  it('labels an escalation loop:blocked and posts the blocked report', async () => {
    const result = aLoopResult({
      status: 'escalated',
      reason: 'same error twice',
      fix_commits: [],
      head: { start: HEAD, end: HEAD },
      reports: { dead_letter: null, escalation },
    });
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(result) }));
    await kit.receive('workflow_run', workflowRunPayload());

    expect(kit.github.labels).toEqual(['loop:blocked']);
    const reports = kit.github.botComments(REPORT);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.body).toContain('## Escalation: main-e9702ae');
    expect(reports[0]!.body).toContain(
      'Same type-error pattern with analyze_then_fix strategy failed twice.',
    );
    // What a person does next, on the PR: the App's commands, never the CLI's `closed-loop resume`.
    expect(reports[0]!.body).toContain('comment `/close-loop resume`, then `/close-loop retry`');
    expect(reports[0]!.body).not.toMatch(/closed-loop resume/);
    expect(sticky()).toContain('Blocked: waiting for a person');
  });

  it('an escalated type error: the check run, the sticky comment and the report open with it, linked at the head; a later delivery keeps it', async () => {
    const tsc = 'src/cart.ts(41,7): error TS2349: This expression is not callable.';
    const result = aLoopResult({
      status: 'escalated',
      reason: 'same error twice',
      pattern: 'type-error',
      fix_commits: [],
      head: { start: HEAD, end: HEAD },
      checks: [{ name: 'typecheck', passed: false, timed_out: false, duration_ms: 900 }],
      diagnosis: aDiagnosis({
        locations: [{ file: 'src/cart.ts', line: 41, column: 7 }],
        messages: ['error TS2349: This expression is not callable.'],
        evidence: { startLine: 1, endLine: 1, text: tsc },
      }),
      reports: { dead_letter: null, escalation },
    });
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(result) }));
    await kit.receive('workflow_run', workflowRunPayload());

    const place = `[\`src/cart.ts:41\`](https://github.com/${OWNER}/${REPO}/blob/${HEAD}/src/cart.ts#L41)`;
    const lead = `### ❌ What failed: check \`typecheck\`, tsc (TypeScript)\n\n- ${place} — error TS2349: This expression is not callable.`;
    const check = () => kit.github.checkRuns.filter((c) => c.name === 'closed-loop').at(-1);
    expect(check()?.output.summary?.startsWith(lead)).toBe(true);
    expect(sticky().split('\n').slice(1, 6).join('\n')).toBe(`${sticky().split('\n')[1]}\n\n${lead}`);
    expect(kit.github.botComments(REPORT)[0]?.body).toContain(lead);

    // A person's command later rewrites the view from the signed state: the same head, so the sticky
    // comment still opens with what failed.
    await kit.receive('issue_comment', commentPayload('/close-loop status'), 'd-2');
    expect(kit.github.botComments('<!-- closed-loop:reply')).toHaveLength(1);
    expect(sticky().split('\n').slice(3, 6).join('\n')).toBe(lead);
  });
});

describe('workflow_run.completed: fixes the App refuses to commit', () => {
  const refusedWith = (fix: FixRepo, why: RegExp): void => {
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('PATCH', /\/git\/refs\//)).toEqual([]);
    const notices = kit.github.botComments(NOTICE);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain(`closed-loop did not commit the fix from [run ${RUN}]`);
    expect(notices[0]!.body).toMatch(why);
    expect(sticky()).not.toContain('Pushed fix');
  };

  it('never pushes to a fork, but proposes the fix there (a fork run lists no pull requests: it is matched by branch and SHA)', async () => {
    const fix = await atFix();
    kit.github.fork = true;
    await kit.receive(
      'workflow_run',
      workflowRunPayload({
        head: fix.start,
        conclusion: 'success',
        pullNumbers: [],
        headRepo: 'forker/Hello-World',
      }),
    );
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
    expect(kit.github.writesTo('PATCH', /\/git\/refs\//)).toEqual([]);
    expect(kit.github.reviews).toHaveLength(1);
    expect(kit.github.botComments(NOTICE)[0]!.body).toMatch(
      /proposed the fix from \[run \d+\].*because the branch is on a fork, where the App may not push/,
    );
  });

  it('never commits a patch that touches .github/', async () => {
    const fix = await atFix((f) => {
      git(f.dir, 'checkout', '-q', f.start);
      writeFiles(f.dir, { '.github/workflows/x.yml': 'on: push\n' });
      git(f.dir, 'add', '-A');
      git(f.dir, 'commit', '-q', '-m', 'fix: workflow', '-m', 'Closed-Loop-Strategy: auto_fix');
      return {
        'result.json': f.resultJson,
        'fix.patch': git(f.dir, 'format-patch', '--stdout', `${f.start}..HEAD`) + '\n',
      };
    });
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));
    refusedWith(fix, /\.github\/workflows\/x\.yml.*under \.github\//);
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
  });

  it('never commits a fix that silences the linter instead of fixing the code (weakened_checks), and quotes the line', async () => {
    const fix = await atFix((f) => {
      git(f.dir, 'checkout', '-q', f.start);
      writeFiles(f.dir, { 'src/cart.js': `/* eslint-disable */\n${BASE_FILES['src/cart.js']}` });
      git(f.dir, 'commit', '-q', '-a', '-m', 'fix(lint): quiet', '-m', 'Closed-Loop-Strategy: auto_fix');
      return {
        'result.json': f.resultJson,
        'fix.patch': git(f.dir, 'format-patch', '--stdout', `${f.start}..HEAD`) + '\n',
      };
    });
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));
    refusedWith(
      fix,
      /weakening it instead of fixing the cause[\s\S]*`src\/cart\.js`: adds an eslint-disable comment \[eslint-disable\]: line 1: `\/\* eslint-disable \*\/`/,
    );
    expect(kit.github.writesTo('POST', /\/git\//)).toEqual([]);
  });

  it('stops at the loop guard: the branch already ends in 3 loop commits', async () => {
    const fix = await atFix();
    kit.github.branchMessages = [1, 2, 3].map((n) => `fix ${n}\n\nClosed-Loop-Strategy: auto_fix`);
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));
    refusedWith(fix, /already ends in 3 of the loop's own commits .*a person must push first/);
  });

  it('does not commit when the branch moved since the run evaluated it', async () => {
    const fix = await atFix();
    const pushed = git(fix.dir, 'rev-parse', `${fix.end}~1`);
    kit.github.branchHead = pushed;
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));
    expect(kit.github.branchHead).toBe(pushed);
    expect(kit.github.writesTo('PATCH', /\/git\/refs\//)).toEqual([]);
    const [notice] = kit.github.botComments(NOTICE);
    expect(notice?.body).toContain(
      `the branch moved to ${pushed.slice(0, 7)} since CI evaluated ${fix.start.slice(0, 7)}`,
    );
  });
});

describe('workflow_run.completed: untrusted or missing input', () => {
  let nextCheck = 9000;
  const ciCheck = (name: string, conclusion: string | null): FakeCheckRun => ({
    id: nextCheck++,
    name,
    head_sha: kit.github.headSha,
    status: conclusion === null ? 'in_progress' : 'completed',
    conclusion,
    output: { title: null, summary: null, text: null },
    app: 'github-actions',
  });
  const gateCheck = (): FakeCheckRun | undefined =>
    kit.github.checkRuns.find((c) => c.name === 'closed-loop');
  const nothingWritten = (): void => {
    expect(kit.github.writes).toEqual([]);
    expect(kit.github.comments).toEqual([]);
    expect(kit.github.labels).toEqual([]);
  };

  it('refuses a result.json that is not a LoopResult', async () => {
    kit.github.artifacts.set(
      RUN,
      artifact({ 'result.json': resultJson({ ...aLoopResult(), status: 'pwned' } as unknown as LoopResult) }),
    );
    await kit.receive('workflow_run', workflowRunPayload());
    expect(warns()).toEqual([
      expect.stringMatching(
        new RegExp(`run ${RUN}: closed-loop-result refused: result.json is not a LoopResult: status:`),
      ),
    ]);
    nothingWritten();
  });

  it('refuses an artifact over the size cap without downloading it', async () => {
    kit.github.artifacts.set(RUN, new Uint8Array(5 * 1024 * 1024 + 1));
    await kit.receive('workflow_run', workflowRunPayload());
    expect(warns()).toEqual([
      expect.stringMatching(/closed-loop-result refused: .* is 5242881 bytes; the cap is 5242880/),
    ]);
    nothingWritten();
  });

  it('refuses a zip bomb: a small zip whose result.json inflates past its cap', async () => {
    const bomb = artifact({ 'result.json': ' '.repeat(3 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    kit.github.artifacts.set(RUN, bomb);
    await kit.receive('workflow_run', workflowRunPayload());
    expect(warns()).toEqual([expect.stringMatching(/closed-loop-result refused: .*result\.json/)]);
    nothingWritten();
  });

  it('does not diagnose a cancelled run without the artifact (a red one is: red-run.test.ts), but its check says the run was cancelled', async () => {
    kit.github.checkRuns = [ciCheck('test', 'cancelled')];
    await kit.receive('workflow_run', workflowRunPayload({ conclusion: 'cancelled' }));
    expect(kit.logs).toContainEqual(
      `info Codertocat/Hello-World run ${RUN}: run ${RUN} uploaded no closed-loop-result artifact`,
    );
    expect(warns()).toEqual([]);
    expect(kit.github.reads.filter((path) => path.includes('/jobs'))).toEqual([]); // not diagnosed: no job or log read
    expect(gateCheck()).toMatchObject({ conclusion: 'failure' });
    expect(gateCheck()?.output.summary).toContain('check `test` failed (cancelled)');
  });

  it('writes nothing for a head the pull request has moved past', async () => {
    const fix = await atFix();
    const newer = git(fix.dir, 'rev-parse', fix.end);
    kit.github.headSha = kit.github.branchHead = newer;
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));
    expect(kit.github.branchHead).toBe(newer);
    nothingWritten();
    expect(kit.logs).toContainEqual(
      expect.stringMatching(
        new RegExp(`is for ${fix.start.slice(0, 7)}, but the pull request is at ${newer.slice(0, 7)}`),
      ),
    );
  });
});

describe('workflow_run.completed: history across runs', () => {
  it('merges a later run into the memory in the sticky comment: numbering goes on, the budget shrinks', async () => {
    const first = aLoopResult({
      status: 'escalated',
      fix_commits: [],
      head: { start: HEAD, end: HEAD },
      reports: { dead_letter: null, escalation },
    });
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(first) }));
    await kit.receive('workflow_run', workflowRunPayload());
    expect(kit.github.labels).toEqual(['loop:blocked']);
    expect(sticky()).toContain('| Budget left | 8 of 10 attempts');

    const pushed = 'f00d'.repeat(10);
    kit.github.headSha = pushed;
    const second = aLoopResult({
      fix_commits: [],
      head: { start: pushed, end: pushed },
      history: lintFixedHistory('2026-04-05T10:00'),
    });
    kit.github.artifacts.set(RUN + 1, artifact({ 'result.json': resultJson(second) }));
    await kit.receive(
      'workflow_run',
      workflowRunPayload({ id: RUN + 1, head: pushed, conclusion: 'success' }),
      'delivery-2',
    );

    const body = sticky();
    expect(body).toContain('| Attempts | 4 attempts on this pull request');
    expect(body).toContain('| Strategies | auto_fix ×2 |');
    expect(body).toContain('| Budget left | 6 of 10 attempts');
    expect(body).toMatch(/^\| 3 \| lint-error \| auto_fix \|/m);
    expect(body).toMatch(/^\| 4 \| – \| – \|/m);
    expect(kit.github.labels).toEqual([]);
  });
});

describe('workflow_run.completed: GitHub failing mid-way', () => {
  it('a ref update GitHub refuses (404): one warn line, the branch untouched, and the rest of the result still reaches the PR with the reason', async () => {
    const fix = await atFix();
    kit.github.failures.set(`PATCH ${REF_PATH}`, { status: 404, message: 'Reference does not exist' });
    await kit.receive('workflow_run', workflowRunPayload({ head: fix.start, conclusion: 'success' }));

    expect(warns()).toEqual([
      expect.stringMatching(
        /^warn Codertocat\/Hello-World#2: fix from run \d+ not committed: GitHub found nothing at PATCH \S+\/git\/refs\/heads%2Fchanges \(404\)/,
      ),
    ]);
    expect(errors()).toEqual([]);
    expect(kit.github.branchHead).toBe(fix.start);
    expect(kit.github.botComments('<!-- closed-loop:loop-comment -->')).toHaveLength(1);
    const notices = kit.github.botComments('<!-- closed-loop:fix -->');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toMatch(
      /did not commit the fix from \[run \d+\]\(.*\): GitHub refused it: GitHub found nothing at PATCH .*\(404\)/,
    );
    expect(kit.github.labels).toEqual([]);
  });

  it('a comment GitHub refuses (403) is one warn line and no crash', async () => {
    kit.github.failures.set(`POST ${REPO_PATH}/issues/2/comments`, {
      status: 403,
      message: 'Resource not accessible by integration',
    });
    const result = aDeadLetterResult({
      head: { start: HEAD, end: HEAD },
      reports: { dead_letter: deadLetterReport('main-e9702ae'), escalation: null },
    });
    kit.github.artifacts.set(RUN, artifact({ 'result.json': resultJson(result) }));
    await kit.receive('workflow_run', workflowRunPayload());

    expect(warns()).toEqual([
      expect.stringMatching(/GitHub said no: .*Resource not accessible by integration/),
    ]);
    expect(errors()).toEqual([]);
    expect(kit.github.comments).toEqual([]);
  });
});
