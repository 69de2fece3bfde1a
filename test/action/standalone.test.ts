import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { LoopMemory } from '../../src/core/pull-request/loop-memory.js';
import { parseLoopComment } from '../../src/core/pull-request/parse-loop-comment.js';
import { LOOP_COMMENT_MARKER, renderLoopComment } from '../../src/core/pull-request/render-loop-comment.js';
import { keyLine } from '../../src/core/plan/comment-marker.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { createTempRepo, git, writeFiles } from '../helpers/temp-repo.js';
import { useNock } from '../github/github-test-kit.js';
import { GREEN, TOKEN, TYPE_ERROR } from './projects.js';
import { HEAD_REF, PR_NUMBER, PR_PATH, synchronizePayload } from './pr-payload.js';
import { runActionInProcess } from './run-action-in-process.js';

const API = 'https://api.github.com';
const PR = PR_PATH;
const BOT = { login: 'github-actions[bot]' };

useNock();

/** A bare repository as the checkout's origin, holding `branch` at the checkout's HEAD. */
function bareOrigin(dir: string, branch: string): string {
  const bare = mkdtempSync(join(tmpdir(), 'closed-loop-origin-'));
  execFileSync('git', ['init', '-q', '--bare', bare]);
  git(dir, 'remote', 'add', 'origin', bare);
  git(dir, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
  return bare;
}

/**
 * The real synchronize example with the checkout's head (and no labels unless given); `fork`: its head on a
 * fork.
 */
function payload(headSha: string, opts: { fork?: boolean; labels?: string[] } = {}) {
  return synchronizePayload(headSha, { fork: opts.fork === true, labels: opts.labels ?? [] });
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Records each write request's method, path and JSON body. */
function recorder(): {
  sent: Sent[];
  reply: (
    status: number,
    data: unknown,
  ) => (this: nock.ReplyFnContext, uri: string, body: nock.Body) => [number, unknown];
} {
  const sent: Sent[] = [];
  return {
    sent,
    reply: (status, data) =>
      function (uri, body) {
        sent.push({ method: this.req.method, path: uri, body });
        return [status, data];
      },
  };
}

/** The memory read before the run, then each comment upsert's own read: the same comments each time. */
function listComments(comments: unknown[], times = 2): nock.Scope {
  return nock(API).get(`${PR}/comments`).query({ per_page: 100 }).times(times).reply(200, comments);
}

const bodyOf = (s: Sent | undefined): string => (s?.body as { body: string }).body;

const PULL = `/repos/octo-org/shop/pulls/${PR_NUMBER}`;
/** The example's files its fix changes; the pull request adds them, so every line is in its diff. */
const FIXED = ['src/cart.js', 'src/cart.test.js'];

/**
 * A fix the step does not push is proposed as suggested changes: no earlier review of this head, the PR's
 * files, then the review's POST, answered with `status`.
 */
function suggestionReview(
  dir: string,
  answer: (this: nock.ReplyFnContext, uri: string, body: nock.Body) => [number, unknown],
): void {
  const lines = (path: string) => git(dir, 'show', `HEAD:${path}`).split('\n').length;
  nock(API).get(`${PULL}/reviews`).query({ per_page: 100 }).reply(200, []);
  nock(API)
    .get(`${PULL}/files`)
    .query({ per_page: 100 })
    .reply(
      200,
      FIXED.map((filename) => ({
        filename,
        sha: 'e'.repeat(40),
        status: 'added',
        additions: lines(filename),
        deletions: 0,
        patch: `@@ -0,0 +1,${lines(filename)} @@\n+…`,
      })),
    );
  nock(API).post(`${PULL}/reviews`).reply(answer);
}
/**
 * The Git Data API's view of a pull request's head `sha` whose tree is the checkout's HEAD but for
 * `differs`, changed there: the commit, the two directory listings and the two files the fix changes.
 */
function headThroughApi(dir: string, sha: string, differs: string): void {
  const tree = git(dir, 'rev-parse', 'HEAD^{tree}');
  nock(API)
    .get(`/repos/octo-org/shop/git/commits/${sha}`)
    .reply(200, { sha, tree: { sha: tree } });
  nock(API)
    .get(/\/git\/trees\/[0-9a-f]{40}$/)
    .times(2)
    .reply((uri) => [
      200,
      {
        truncated: false,
        tree: git(dir, 'ls-tree', '-l', uri.split('/').at(-1) ?? '')
          .split('\n')
          .map((line) => {
            const [mode, type, oid, size, path] = line.split(/\s+/);
            return { mode, type, sha: oid, size: Number(size) || 0, path };
          }),
      },
    ]);
  const changed = git(dir, 'rev-parse', `HEAD:${differs}`);
  nock(API)
    .get(/\/git\/blobs\/[0-9a-f]{40}$/)
    .times(2)
    .reply((uri) => {
      const oid = uri.split('/').at(-1) ?? '';
      const text = git(dir, 'cat-file', 'blob', oid) + '\n';
      const content = oid === changed ? `// changed on the branch\n${text}` : text;
      return [200, { sha: oid, encoding: 'base64', content: Buffer.from(content).toString('base64') }];
    });
}

const REVIEW = {
  id: 900,
  html_url: `https://github.com/octo-org/shop/pull/${PR_NUMBER}#pullrequestreview-900`,
};

describe('standalone mode: the Action maps its result onto the pull request', () => {
  it('auto-fixed: pushes the fix onto the exact head of a local bare origin, creates the loop comment, adds no label', async () => {
    const dir = exampleRepo('lint-autofix');
    const head = git(dir, 'rev-parse', 'HEAD');
    const bare = bareOrigin(dir, HEAD_REF);
    const { sent, reply } = recorder();
    const scopes = [
      listComments([]),
      nock(API)
        .post(`${PR}/comments`)
        .reply(reply(201, { id: 101 })),
    ];

    const r = await runActionInProcess(dir, payload(head));

    expect(r.exitCode, r.stdout).toBeUndefined();
    expect(r.outputs.status).toBe('success');
    const fix = git(dir, 'rev-parse', 'HEAD');
    expect(fix).not.toBe(head);
    expect(r.outputs['fix-commit']).toBe(fix);
    expect(
      execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
    ).toBe(fix);
    expect(
      spawnSync('git', ['config', '--get-regexp', 'extraheader'], { cwd: dir, encoding: 'utf8' }).stdout,
    ).toBe(''); // nothing persisted
    for (const s of scopes) expect(s.isDone()).toBe(true);

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST ${PR}/comments`]);
    const body = bodyOf(sent[0]);
    expect(body.startsWith(`${LOOP_COMMENT_MARKER}\n### closed-loop`)).toBe(true);
    expect(body.split(LOOP_COMMENT_MARKER)).toHaveLength(2); // the marker once
    const fixes = git(dir, 'rev-list', '--reverse', `${head}..${fix}`).split('\n');
    expect(fixes.length).toBeGreaterThan(0);
    const memory = parseLoopComment(body);
    expect(memory).toMatchObject({
      head_sha: head,
      task_id: `pr-${PR_NUMBER}`,
      status: 'success',
      bot_pushes: fixes.length,
    });
    expect(memory?.fix_commits.map((c) => c.sha)).toEqual(fixes);
    expect(memory?.attempts.map((a) => a.attempt)).toEqual(memory?.attempts.map((_, i) => i + 1));
    expect(r.summary).toContain(
      `Pushed ${fixes.length} fix commit${fixes.length === 1 ? '' : 's'} to \`${HEAD_REF}\` (now at ${fix.slice(0, 7)})`,
    );
    expect(r.summary).not.toContain('### Fix not pushed');
    // The job log says the push happened, in one line.
    expect(r.stdout).toContain(
      `closed-loop: Pushed ${fixes.length} fix commit${fixes.length === 1 ? '' : 's'} to \`${HEAD_REF}\` (now at ${fix.slice(0, 7)}).`,
    );
    // Both the token and the push's header value are registered as secrets, and appear nowhere else.
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    expect(r.stdout).toContain(`::add-mask::${TOKEN}`);
    expect(r.stdout).toContain(`::add-mask::${basic}`);
    const rest = r.stdout
      .split('\n')
      .filter((l) => !l.startsWith('::add-mask::'))
      .join('\n');
    expect(rest).not.toContain(TOKEN);
    expect(rest).not.toContain(basic);
    expect(r.summary).not.toContain(TOKEN);
  });

  it("a fork: nothing pushed, the patch in the summary, the loop comment still written; the fork's read-only token refuses the review (403): a warning naming pull-requests: write, never a crash", async () => {
    const dir = exampleRepo('lint-autofix');
    const head = git(dir, 'rev-parse', 'HEAD');
    const bare = bareOrigin(dir, HEAD_REF);
    const { sent, reply } = recorder();
    listComments([]);
    nock(API)
      .post(`${PR}/comments`)
      .reply(reply(201, { id: 102 }));
    // A fork's GITHUB_TOKEN is read-only: the review of suggested changes is refused.
    suggestionReview(dir, reply(403, { message: 'Resource not accessible by integration' }));

    const r = await runActionInProcess(dir, payload(head, { fork: true }));

    // The fix passes in the runner only: the fork's head still fails, and the step says so.
    expect(r.exitCode, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^::error::closed-loop: every check passes with .*not pushed/m);
    expect(r.outputs.status).toBe('success');
    expect(r.outputs['fix-commit']).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(
      execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
    ).toBe(head);
    expect(r.summary).toContain('Not pushed: the branch is on a fork, and the loop never pushes to a fork');
    expect(r.summary).toContain('### Fix not pushed');
    expect(r.summary).toContain('closed-loop: auto_fix for');
    // The refused review is a warning naming the permission and a note pointing at fix.patch, not a crash.
    expect(sent.map((q) => `${q.method} ${q.path}`)).toEqual([`POST ${PULL}/reviews`, `POST ${PR}/comments`]);
    expect((sent[0]?.body as { comments: { path: string }[] }).comments.length).toBeGreaterThan(0);
    expect(r.stdout).toMatch(
      /^::warning title=closed-loop could not propose its fix as suggested changes::GitHub refused POST \S+\/pulls\/\d+\/reviews \(403: Resource not accessible by integration\); the token needs the `pull-requests: write` permission/m,
    );
    expect(r.summary).toContain(
      'Not proposed as suggested changes: GitHub refused POST https://api.github.com/repos/octo-org/shop/pulls/',
    );
    expect(r.summary).toContain('`fix.patch` in the `closed-loop-result` artifact holds the fix.');
    const memory = parseLoopComment(bodyOf(sent[1]));
    expect(memory).toMatchObject({ head_sha: head, status: 'success', bot_pushes: 0, fix_commits: [] });
  });

  it("a fork whose token is read-only: one warning, in terms of the fork's token (pull_request_target or the App), never the permissions block; the comment refused after it adds none", async () => {
    const dir = exampleRepo('lint-autofix');
    const head = git(dir, 'rev-parse', 'HEAD');
    bareOrigin(dir, HEAD_REF);
    const { sent, reply } = recorder();
    listComments([]);
    const refused = { message: 'Resource not accessible by integration' };
    nock(API).post(`${PR}/comments`).reply(reply(403, refused));
    suggestionReview(dir, reply(403, refused));

    const r = await runActionInProcess(dir, payload(head, { fork: true }));

    expect(r.exitCode, r.stdout).toBe(1);
    expect(sent.map((q) => `${q.method} ${q.path}`)).toEqual([`POST ${PULL}/reviews`, `POST ${PR}/comments`]);
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "the token needs the `pull-requests: write` permission, which a workflow run for a pull request from a fork does not get: GitHub makes that run's token read-only whatever the workflow's permissions block says",
    );
    expect(warnings[0]).toContain('run it on `pull_request_target` (with care');
    expect(warnings[0]).toContain('or use the App');
    expect(r.stdout).not.toContain("add it to the workflow's permissions block");
    expect(r.summary).not.toContain("add it to the workflow's permissions block");
    expect(r.summary).toContain(
      "Not written to the pull request: GitHub refused it too (403), for the same reason: the fork's token cannot write.",
    );
  });

  it('an escalation: loop:blocked (labels ensured first) and the report once per head; a second run on the same head posts no new report', async () => {
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    const first = recorder();
    listComments([], 3);
    nock(API)
      .post(`${PR}/comments`)
      .twice()
      .reply(first.reply(201, { id: 201 }));
    nock(API)
      .get('/repos/octo-org/shop/labels')
      .query({ per_page: 100 })
      .reply(200, [{ name: 'bug' }]);
    nock(API).post('/repos/octo-org/shop/labels').twice().reply(first.reply(201, {}));
    nock(API).get(`${PR}/labels`).query({ per_page: 100 }).reply(200, []);
    nock(API)
      .post(`${PR}/labels`)
      .reply(first.reply(200, [{ name: 'loop:blocked' }]));

    const r = await runActionInProcess(dir, payload(head));

    expect(r.exitCode, r.stdout).toBe(1);
    expect(r.outputs.status).toBe('escalated');
    expect(first.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /repos/octo-org/shop/labels',
      'POST /repos/octo-org/shop/labels',
      `POST ${PR}/labels`,
      `POST ${PR}/comments`,
      `POST ${PR}/comments`,
    ]);
    expect(first.sent[0]?.body).toEqual({
      name: 'loop:blocked',
      color: 'd93f0b',
      description: 'closed-loop escalated: a person is needed',
    });
    expect(first.sent[1]?.body).toMatchObject({ name: 'loop:dead-letter' });
    expect(first.sent[2]?.body).toEqual({ labels: ['loop:blocked'] });
    const loopBody = bodyOf(first.sent[3]);
    const reportBody = bodyOf(first.sent[4]);
    expect(parseLoopComment(loopBody)).toMatchObject({ status: 'escalated', head_sha: head });
    expect(reportBody.startsWith(`<!-- closed-loop:report -->\n${keyLine(head)}\n`)).toBe(true);
    expect(reportBody).toMatch(/escalat/i);
    expect(reportBody).toContain('src/index.ts');

    // The same head again: both comments exist; the event carries the label. No POST of a comment.
    const second = recorder();
    const existing = [
      { id: 201, body: loopBody, created_at: '2026-01-01T00:00:01Z', user: BOT },
      { id: 202, body: reportBody, created_at: '2026-01-01T00:00:02Z', user: BOT },
    ];
    nock(API).get(`${PR}/comments`).query({ per_page: 100 }).times(3).reply(200, existing);
    nock(API)
      .patch('/repos/octo-org/shop/issues/comments/201')
      .reply(second.reply(200, { id: 201 }));
    // The report's text changes with the run (durations), so its comment for this head is edited in place.
    nock(API)
      .patch('/repos/octo-org/shop/issues/comments/202')
      .reply(second.reply(200, { id: 202 }));

    const again = await runActionInProcess(dir, payload(head, { labels: ['loop:blocked'] }));

    expect(again.outputs.status).toBe('escalated');
    expect(second.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PATCH /repos/octo-org/shop/issues/comments/201',
      'PATCH /repos/octo-org/shop/issues/comments/202',
    ]);
    expect(bodyOf(second.sent[1]).startsWith(`<!-- closed-loop:report -->\n${keyLine(head)}\n`)).toBe(true);
    const memory = parseLoopComment(bodyOf(second.sent.find((s) => s.path.endsWith('/201'))));
    const before = parseLoopComment(loopBody);
    expect(memory?.attempts.length).toBeGreaterThan(before?.attempts.length ?? 0);
  });

  it("history carried over: the previous run's attempts are read from the loop comment and kept, the new ones numbered after them", async () => {
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    const earlier: LoopMemory = {
      version: 1,
      head_sha: 'c'.repeat(40),
      task_id: `pr-${PR_NUMBER}`,
      status: 'escalated',
      bot_pushes: 0,
      fix_commits: [],
      attempts: [7, 8].map((n) => ({
        attempt: n,
        timestamp: `2026-01-0${n - 6}T10:00:00.000Z`,
        action: 'evaluate',
        result: 'typecheck failed',
        error: "src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
        pattern_matched: 'type-error',
        strategy_used: 'context_expand',
        duration_ms: 1000 + n,
        files_modified: [],
        signature: 'type-error:ts:00000000',
      })),
    };
    const previous = renderLoopComment({ memory: earlier });
    const planted = {
      id: 300,
      body: previous.replace('evaluate', 'planted'),
      created_at: '2026-01-01T00:00:00Z',
      user: { login: 'mallory' },
    };
    const { sent, reply } = recorder();
    nock(API)
      .get(`${PR}/comments`)
      .query({ per_page: 100 })
      .times(3)
      .reply(200, [planted, { id: 301, body: previous, created_at: '2026-01-02T00:00:00Z', user: BOT }]);
    nock(API)
      .patch('/repos/octo-org/shop/issues/comments/301')
      .reply(reply(200, { id: 301 }));
    nock(API)
      .get('/repos/octo-org/shop/labels')
      .query({ per_page: 100 })
      .reply(200, [{ name: 'loop:blocked' }, { name: 'loop:dead-letter' }]);
    nock(API).get(`${PR}/labels`).query({ per_page: 100 }).reply(200, []);
    nock(API).post(`${PR}/labels`).reply(reply(200, []));
    nock(API)
      .post(`${PR}/comments`)
      .reply(reply(201, { id: 302 }));

    const r = await runActionInProcess(dir, payload(head));

    expect(r.stdout).toContain('closed-loop memory: read 2 earlier attempt(s) from loop comment 301');
    const memory = parseLoopComment(bodyOf(sent.find((s) => s.path.endsWith('/301'))));
    expect(memory?.head_sha).toBe(head);
    const numbers = memory?.attempts.map((a) => a.attempt) ?? [];
    expect(numbers.slice(0, 2)).toEqual([7, 8]);
    expect(memory?.attempts.slice(0, 2).map((a) => a.timestamp)).toEqual(
      earlier.attempts.map((a) => a.timestamp),
    );
    expect(numbers.length).toBeGreaterThan(2);
    expect(numbers.slice(2)).toEqual(numbers.slice(2).map((_, i) => 9 + i));
    expect(r.outputs.status).toMatch(/^(escalated|failed)$/);
  });

  it('a 403 on the comment is a warning naming the permission; the step result and summary are unchanged', async () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    listComments([]);
    nock(API).post(`${PR}/comments`).reply(403, { message: 'Resource not accessible by integration' });

    const r = await runActionInProcess(dir, payload(head));

    expect(r.exitCode, r.stdout).toBeUndefined();
    expect(r.outputs.status).toBe('success');
    expect(r.stdout).toMatch(
      /^::warning title=closed-loop could not write to the pull request::.*403.*issues: write/m,
    );
    expect(r.stdout).not.toMatch(/^::error/m);
    expect(r.summary).toMatch(/^## closed-loop\n/);
    expect(r.summary).toContain('Not written to the pull request:');
    expect(r.summary).toContain('permissions block');
  });

  it.each([
    [
      'the checkout is not the PR head (a merge commit)',
      {},
      'd'.repeat(40),
      /Not pushed: the loop evaluated [0-9a-f]{7}, not the pull request's head d{7}/,
    ],
    ['push: never', { push: 'never' }, null, /Not pushed: push mode is "never"/],
  ] as const)(
    "%s: nothing pushed, the reason and the patch in the summary, and the step fails: the PR's head still fails",
    async (_, inputs, payloadHead, reason) => {
      const dir = exampleRepo('lint-autofix');
      const head = git(dir, 'rev-parse', 'HEAD');
      const bare = bareOrigin(dir, HEAD_REF);
      const { sent, reply } = recorder();
      listComments([]);
      nock(API).post(`${PR}/comments`).reply(201, { id: 103 });
      suggestionReview(dir, reply(200, REVIEW));
      // The PR's head, read through the Git Data API: cart.test.js differs there from the merge commit.
      if (payloadHead !== null) headThroughApi(dir, payloadHead, 'src/cart.test.js');

      const r = await runActionInProcess(dir, payload(payloadHead ?? head), inputs);

      expect(r.outputs.status).toBe('success');
      expect(
        execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
      ).toBe(head);
      expect(r.summary).toMatch(reason);
      expect(r.summary).toContain('### Fix not pushed');
      expect(r.summary).toContain(
        `**Next:** the fix was not pushed, so the pull request's head still fails: commit the [suggested changes](${REVIEW.html_url})`,
      );
      const review = sent[0]?.body as { commit_id: string; body: string; comments: { path: string }[] };
      expect(review.commit_id).toBe(payloadHead ?? head);
      expect(new Set(review.comments.map((c) => c.path))).toEqual(
        new Set(payloadHead === null ? FIXED : ['src/cart.js']),
      );
      if (payloadHead !== null)
        expect(review.body).toContain(
          "`src/cart.test.js` (it differs at the pull request's head ddddddd from the merge commit the loop checked out)",
        );
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toMatch(
        /^::error::closed-loop: every check passes with (?:the fix commit|\d+ fix commits), but (?:it was|they were) not pushed, so the pull request's head still fails/m,
      );
      expect(r.stdout).toContain(`Commit the suggested changes (${REVIEW.html_url})`);
    },
  );

  it("the loop guard: a branch already ending in the loop's own commits gets no more", async () => {
    const dir = exampleRepo('lint-autofix');
    for (const n of [1, 2])
      git(
        dir,
        'commit',
        '-q',
        '--allow-empty',
        '-m',
        `closed-loop: auto_fix (attempt ${n})\n\nClosed-Loop-Strategy: auto_fix`,
      );
    const head = git(dir, 'rev-parse', 'HEAD');
    const bare = bareOrigin(dir, HEAD_REF);
    listComments([]);
    nock(API).post(`${PR}/comments`).reply(201, { id: 105 });
    suggestionReview(dir, () => [200, REVIEW]);

    const r = await runActionInProcess(dir, payload(head));

    expect(r.outputs.status).toBe('success');
    expect(
      execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
    ).toBe(head);
    expect(r.summary).toMatch(
      /Not pushed: \d fix commits? on top of the loop's 2 would make more than 3 loop commits in a row/,
    );
    // The job log says so too, in one line.
    expect(r.stdout).toMatch(
      /^closed-loop: Not pushed: \d fix commits? on top of the loop's 2 would make more than 3 loop commits in a row/m,
    );
  });

  it('the per-PR cap (loop_guard.max_fix_commits): fixes the memory says were made count, and passing the cap pushes nothing', async () => {
    const dir = exampleRepo('lint-autofix');
    writeFiles(dir, { '.github/closed-loop.yml': 'version: 1\nloop_guard:\n  max_fix_commits: 2\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'cap the loop at 2 fix commits per PR');
    const head = git(dir, 'rev-parse', 'HEAD');
    const bare = bareOrigin(dir, HEAD_REF);
    const earlier: LoopMemory = {
      version: 1,
      head_sha: 'c'.repeat(40),
      task_id: `pr-${PR_NUMBER}`,
      status: 'success',
      bot_pushes: 1,
      fix_commits: [],
      attempts: [],
    };
    const { sent, reply } = recorder();
    listComments(
      [
        {
          id: 310,
          body: renderLoopComment({ memory: earlier }),
          created_at: '2026-01-02T00:00:00Z',
          user: BOT,
        },
      ],
      2,
    );
    nock(API)
      .patch('/repos/octo-org/shop/issues/comments/310')
      .reply(reply(200, { id: 310 }));
    suggestionReview(dir, () => [200, REVIEW]);

    const r = await runActionInProcess(dir, payload(head));

    expect(r.outputs.status).toBe('success');
    expect(
      execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
    ).toBe(head);
    expect(r.summary).toMatch(
      /Not pushed: the loop has already made 1 fix commit on this pull request, and 2 more would pass loop_guard\.max_fix_commits \(2\)/,
    );
    expect(parseLoopComment(bodyOf(sent[0]))?.bot_pushes).toBe(1); // nothing pushed, nothing counted
    expect(r.summary).toContain(`suggested changes in [a review](${REVIEW.html_url})`);
  });

  it('apply.mode: suggest: nothing pushed, the summary says why and where the fix is', async () => {
    const dir = exampleRepo('lint-autofix');
    writeFiles(dir, { '.github/closed-loop.yml': 'version: 1\napply:\n  mode: suggest\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'propose fixes first');
    const head = git(dir, 'rev-parse', 'HEAD');
    const bare = bareOrigin(dir, HEAD_REF);
    listComments([]);
    nock(API).post(`${PR}/comments`).reply(201, { id: 106 });
    suggestionReview(dir, () => [200, REVIEW]);

    const r = await runActionInProcess(dir, payload(head));

    expect(r.outputs.status).toBe('success');
    expect(
      execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim(),
    ).toBe(head);
    expect(r.summary).toContain(
      'Not pushed: the fix is to be proposed, not committed, because the config says `apply.mode: suggest`.',
    );
    expect(r.summary).toMatch(
      new RegExp(
        `The fix is proposed as \\d+ suggested changes in \\[a review\\]\\(${REVIEW.html_url.replace(/[.#/]/g, '\\$&')}\\)`,
      ),
    );
  });

  it('a push that fails (no such remote) is a warning; the PR writes go on; the step fails: the head still fails', async () => {
    const dir = exampleRepo('lint-autofix');
    const head = git(dir, 'rev-parse', 'HEAD');
    listComments([]);
    nock(API).post(`${PR}/comments`).reply(201, { id: 104 });
    suggestionReview(dir, () => [200, REVIEW]);

    const r = await runActionInProcess(dir, payload(head), {}, { CLOSED_LOOP_PUSH_REMOTE: 'nowhere' });

    expect(r.exitCode, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^::error::closed-loop: every check passes with .*not pushed/m);
    expect(r.outputs.status).toBe('success');
    expect(r.stdout).toMatch(
      new RegExp(
        `^::warning title=closed-loop could not push its fix::could not read ${HEAD_REF} from the remote`,
        'm',
      ),
    );
    expect(r.summary).toContain(`Not pushed: could not read ${HEAD_REF} from the remote`);
  });

  it("no token: no request to GitHub at all, the first slice's behaviour", async () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const r = await runActionInProcess(dir, payload(git(dir, 'rev-parse', 'HEAD')), { token: '' });
    expect(r.exitCode).toBeUndefined();
    expect(r.outputs.status).toBe('success');
  });
});
