import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { API, BOT } from './app-kit.js';
import { answerGraphql } from './fake-graphql.js';
import { AUTHOR, DEFAULT_BRANCH, HEAD, HEAD_REF, OWNER, PR, pullResponse, REPO } from './payloads.js';

const BLOB_HOST = 'https://results-receiver.actions.githubusercontent.com';
const REPO_PREFIX = `/repos/${OWNER}/${REPO}`;

export interface FakeComment {
  id: number;
  body: string;
  user: string;
  created_at: string;
  updated_at?: string;
}
export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  app: string;
}
export interface FakeWrite {
  method: string;
  path: string;
  body: unknown;
}
export interface FakeReviewComment {
  path: string;
  line: number;
  side?: string;
  start_line?: number;
  start_side?: string;
  body: string;
}
export interface FakeReview {
  id: number;
  user: string;
  commit_id: string;
  event: string;
  body: string;
  comments: FakeReviewComment[];
}
type Role = 'read' | 'triage' | 'write' | 'maintain' | 'admin';

/**
 * The part of GitHub the App talks to, for one repository (Codertocat/Hello-World) and its pull request
 * #2, kept in memory and served through nock (network off): comments, labels, check runs, the PR's files,
 * collaborators' permissions, team memberships, workflow runs and their artifacts. With `git`, a real
 * repository stands behind the contents and Git Data APIs: blobs, trees and commits the App creates are
 * written into it with git's own plumbing, so their SHAs are real.
 *
 * Every write is recorded in `writes` (method, path, body) for the test to assert; a request no route
 * answers is recorded in `unknown` and fails the test (see useFakeGitHub).
 */
export class FakeGitHub {
  config: string | null = null;
  comments: FakeComment[] = [];
  labels: string[] = [];
  repoLabels: string[] = [];
  checkRuns: FakeCheckRun[] = [];
  /** The PR's changed files; `patch` holds the diff's hunks, where review comments may go. */
  files: {
    filename: string;
    sha: string;
    status: string;
    additions: number;
    deletions: number;
    patch?: string;
  }[] = [{ filename: 'README.md', sha: 'b'.repeat(40), status: 'modified', additions: 1, deletions: 0 }];
  headSha = HEAD;
  /** The pull request's number (its routes, its payloads); #2 of the examples by default. */
  number = PR;
  /** The PR's head branch lives on a fork (`forker/Hello-World`). */
  fork = false;
  /** The pull request's author's login (e.g. `dependabot[bot]`); the example payload's when unset. */
  author: string | undefined = undefined;
  body = '';
  /** A draft pull request. */
  draft = false;
  /** Closed (without merging, unless `merged` says when and by whom). */
  closed = false;
  merged: { at: string; by: string } | null = null;
  /** When the pull request was opened (GitHub's `created_at`). */
  createdAt = '2026-03-02T09:00:00Z';
  /** Files at the head, for the contents API when there is no git repository behind it. */
  contents: Record<string, string> = {};
  permissions: Record<string, Role> = { [AUTHOR]: 'admin' };
  /** `org/slug` → active members. */
  teams: Record<string, string[]> = {};
  /** Commit messages of the branch, newest first (the loop guard reads them). */
  branchMessages: string[] = ["a person's commit"];
  /** Workflow runs for `/close-loop retry`. */
  runs: {
    id: number;
    head_sha: string;
    status: string;
    conclusion: string | null;
    html_url: string;
    name: string;
  }[] = [];
  /** The `closed-loop-result` zip of each run. */
  artifacts = new Map<number, Uint8Array>();
  /** Issues labelled loop:dead-letter in the repository, with their comments (earlier dead letters). */
  deadLetterIssues: { number: number; comments: FakeComment[] }[] = [];
  /** The jobs of each workflow run (`GET …/runs/{id}/jobs`), in the API's shape. */
  jobs = new Map<number, Record<string, unknown>[]>();
  /** Each job's log, served from the blob host GitHub redirects to (bytes, or a stream made on each read). */
  jobLogs = new Map<number, string | Uint8Array | (() => NodeJS.ReadableStream)>();
  /** Where the job-log redirect points (the e2e test serves logs itself). */
  blobBase = `${BLOB_HOST}/logs`;
  /** Issues the App opened in the repository (the `loop:flaky` record). */
  issues: { number: number; title: string; body: string; labels: string[]; user: string }[] = [];
  /**
   * Who last edited each comment (GraphQL's `editor`, a bot's login without `[bot]`); the App's own edits are
   * recorded here.
   */
  commentEditors = new Map<number, string>();
  /** A status to answer a route with instead (e.g. `POST /repos/…/issues/2/comments` → 403). */
  failures = new Map<string, { status: number; message: string }>();

  /** The merge queue of the default branch, in order: each entry's merge group head and pull request. */
  mergeQueue: { head: string; number: number }[] = [];
  /**
   * GitHub's sign-in (the App's OAuth web flow): the code it hands the browser, and the user it stands for
   * with the repositories of the App's installation they can read.
   */
  oauth: { code: string; login: string; repos: string[] } | null = null;

  /** The pull request's reviews (the App's suggestion reviews among them). */
  reviews: FakeReview[] = [];
  /**
   * GitHub's own view of a file's diff for placing review comments, when it differs from what `files` lists.
   */
  reviewPatches: Record<string, string> = {};

  readonly writes: FakeWrite[] = [];
  /** The REST reads (GETs) answered, by path (the repository's prefix cut). */
  readonly reads: string[] = [];
  readonly unknown: string[] = [];
  /** GraphQL queries asked (who last edited a comment), by comment id. */
  readonly editorQueries: number[] = [];
  /** The reads the App made in one GraphQL query, by the query's operation name. */
  readonly graphqlQueries: string[] = [];
  /** The branch's head for the Git Data API (moves when the App commits). */
  branchHead = HEAD;
  private nextId = 9000;

  /** A real repository behind the contents (at refs other than the default branch) and Git Data APIs. */
  git: string | null = null;

  /** The writes of one kind, e.g. `writesTo('POST', /\/labels$/)`. */
  writesTo(method: string, path: RegExp): FakeWrite[] {
    return this.writes.filter((w) => w.method === method && path.test(w.path));
  }

  /**
   * A comment edited as GitHub records it: the new body, a new `updated_at`, and who edited it
   * (GraphQL's `editor`; `login` undefined: the fake has no record of who did).
   */
  editAs(comment: FakeComment, body: string, login?: string): void {
    comment.body = body;
    comment.updated_at = this.clock();
    if (login !== undefined) this.commentEditors.set(comment.id, login);
  }

  private lastTime = 0;
  /** GitHub's timestamps: each one later than the one before (two writes in one millisecond differ). */
  private clock(): string {
    this.lastTime = Math.max(Date.now(), this.lastTime + 1000);
    return new Date(this.lastTime).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  checkRunUrl(id: number): string {
    return `https://github.com/${OWNER}/${REPO}/runs/${id}`;
  }

  /** The bot's comments whose body holds `marker`. */
  botComments(marker: string): FakeComment[] {
    return this.comments.filter((c) => c.user === BOT && c.body.includes(marker));
  }

  install(): void {
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      nock(API)
        .persist()
        .intercept(/.*/, method)
        .reply((uri, body) => this.answer(method, uri, body));
    }
    nock(BLOB_HOST)
      .persist()
      .get(/.*/)
      .reply((uri) => {
        if (uri.startsWith('/logs/')) return this.jobLog(uri);
        const run = Number(/run-(\d+)\.zip/.exec(uri)?.[1]);
        const bytes = this.artifacts.get(run);
        return bytes === undefined
          ? [404, 'gone']
          : [200, Buffer.from(bytes), { 'content-type': 'application/zip' }];
      });
  }

  /** A job's log from the blob host (the e2e test's server streams it itself). */
  jobLog(uri: string): [number, unknown, Record<string, string>?] {
    const log = this.jobLogs.get(Number(/job-(\d+)/.exec(uri)?.[1]));
    if (log === undefined) return [404, 'gone'];
    return [200, typeof log === 'function' ? log() : Buffer.from(log), { 'content-type': 'text/plain' }];
  }

  /** Answers one request (nock's, or the e2e test's HTTP server's): [status, body, headers]. */
  answer(method: string, uri: string, raw: nock.Body): [number, unknown, Record<string, string>?] {
    const url = new URL(uri, API);
    const path = decodeURIComponent(url.pathname);
    const body =
      typeof raw === 'string' && raw !== ''
        ? (JSON.parse(raw) as Record<string, unknown>)
        : (raw as Record<string, unknown>);
    const failure = this.failures.get(`${method} ${path}`);
    if (failure !== undefined)
      return [
        failure.status,
        { message: failure.message, documentation_url: 'https://docs.github.com/rest' },
      ];
    if (method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(path))
      return [201, { token: 'ghs_installation', expires_at: '2099-01-01T00:00:00Z', permissions: {} }];
    if (method === 'POST' && /^(\/api)?\/graphql$/.test(path)) return this.graphql(body);
    if (method !== 'GET') this.writes.push({ method, path, body });
    else this.reads.push(path.startsWith(REPO_PREFIX) ? path.slice(REPO_PREFIX.length) : path);
    const answer = this.route(method, path, url.searchParams, body);
    if (answer === null) {
      this.unknown.push(`${method} ${url.pathname}${url.search}`);
      return [501, { message: `the fake GitHub does not answer ${method} ${path}` }];
    }
    return answer;
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): [number, unknown, Record<string, string>?] | null {
    const r = (rest: string): RegExpExecArray | null => new RegExp(`^${REPO_PREFIX}${rest}$`).exec(path);
    const key = `${method} ${path.startsWith(REPO_PREFIX) ? path.slice(REPO_PREFIX.length) : path}`;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/app') return [200, { slug: 'closed-loop' }];
    if (path === '/login/oauth/access_token' || path.startsWith('/user'))
      return this.signIn(method, path, body);
    if (method === 'GET' && (m = r('/contents/(.+)'))) return this.readContents(m[1]!, query.get('ref'));
    if (method === 'GET' && r(`/pulls/${this.number}`)) return [200, this.pull()];
    if (method === 'GET' && r(`/pulls/${this.number}/files`)) return [200, this.files];
    if (method === 'GET' && r(`/pulls/${this.number}/reviews`))
      return [
        200,
        this.reviews.map((v) => ({
          id: v.id,
          body: v.body,
          commit_id: v.commit_id,
          user: { login: v.user },
          html_url: `https://github.com/${OWNER}/${REPO}/pull/${this.number}#pullrequestreview-${v.id}`,
        })),
      ];
    if (method === 'POST' && r(`/pulls/${this.number}/reviews`)) return this.createReview(body);
    if (method === 'GET' && r('/pulls'))
      return [200, query.get('head') === `${this.fork ? 'forker' : OWNER}:${HEAD_REF}` ? [this.pull()] : []];
    if (method === 'GET' && r(`/issues/${this.number}/comments`)) return [200, this.comments.map(listed)];
    if (method === 'POST' && r(`/issues/${this.number}/comments`)) {
      const at = this.clock();
      const comment = {
        id: this.nextId++,
        body: String(body.body),
        user: BOT,
        created_at: at,
        updated_at: at,
      };
      this.comments.push(comment);
      return [201, listed(comment)];
    }
    if ((m = r('/issues/comments/(\\d+)'))) {
      const id = Number(m[1]);
      const comment = this.comments.find((c) => c.id === id);
      if (comment === undefined) return [404, { message: 'Not Found' }];
      if (method === 'PATCH') {
        this.editAs(comment, String(body.body), BOT.replace(/\[bot\]$/, ''));
      }
      if (method === 'DELETE') this.comments = this.comments.filter((c) => c.id !== id);
      return method === 'DELETE' ? [204, ''] : [200, listed(comment)];
    }
    if (method === 'GET' && r(`/issues/${this.number}/labels`))
      return [200, this.labels.map((name) => ({ name }))];
    if (method === 'POST' && r(`/issues/${this.number}/labels`)) {
      for (const l of body.labels as string[]) if (!this.labels.includes(l)) this.labels.push(l);
      return [200, this.labels.map((name) => ({ name }))];
    }
    if (method === 'DELETE' && (m = r(`/issues/${this.number}/labels/(.+)`))) {
      if (!this.labels.includes(m[1]!)) return [404, { message: 'Label does not exist' }];
      this.labels = this.labels.filter((l) => l !== m![1]);
      return [200, this.labels.map((name) => ({ name }))];
    }
    if (method === 'GET' && r('/labels')) return [200, this.repoLabels.map((name) => ({ name }))];
    if (method === 'POST' && r('/labels')) {
      this.repoLabels.push(String(body.name));
      return [201, { name: body.name }];
    }
    if (method === 'GET' && (m = r('/commits/([0-9a-f]{40})/check-runs'))) {
      const runs = this.checkRuns.filter(
        (c) =>
          c.head_sha === m![1] && (query.get('check_name') === null || c.name === query.get('check_name')),
      );
      return [
        200,
        {
          total_count: runs.length,
          check_runs: [...runs]
            .reverse()
            .map((c) => ({ ...c, html_url: this.checkRunUrl(c.id), app: { slug: c.app } })),
        },
      ];
    }
    if (method === 'POST' && r('/check-runs')) {
      const run: FakeCheckRun = {
        id: this.nextId++,
        name: String(body.name),
        head_sha: String(body.head_sha),
        status: String(body.status),
        conclusion: (body.conclusion as string | undefined) ?? null,
        output: outputOf(body),
        app: 'closed-loop',
      };
      this.checkRuns.push(run);
      return [201, run];
    }
    if (method === 'PATCH' && (m = r('/check-runs/(\\d+)'))) {
      const run = this.checkRuns.find((c) => c.id === Number(m![1]));
      if (run === undefined) return [404, { message: 'Not Found' }];
      // An update changes only the fields it sends (a batch of annotations sends only the output).
      Object.assign(run, {
        ...(body.status === undefined ? {} : { status: body.status }),
        ...(body.status === undefined && body.conclusion === undefined
          ? {}
          : { conclusion: body.conclusion ?? null }),
        ...(body.output === undefined ? {} : { output: outputOf(body) }),
      });
      return [200, run];
    }
    if (method === 'GET' && (m = r('/collaborators/([^/]+)/permission'))) {
      const role = this.permissions[m[1]!];
      if (role === undefined) return [404, { message: `${m[1]} is not a user` }];
      return [
        200,
        {
          permission: role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role,
          role_name: role,
          user: { login: m[1] },
        },
      ];
    }
    if (method === 'GET' && (m = /^\/orgs\/([^/]+)\/teams\/([^/]+)\/memberships\/([^/]+)$/.exec(path))) {
      const members = this.teams[`${m[1]}/${m[2]}`] ?? [];
      return members.includes(m[3]!)
        ? [200, { state: 'active', role: 'member' }]
        : [404, { message: 'Not Found' }];
    }
    if (method === 'GET' && r('/commits'))
      return [
        200,
        this.branchMessages.map((message, i) => ({ sha: String(i).padStart(40, '0'), commit: { message } })),
      ];
    if (method === 'GET' && r('/actions/runs'))
      return [
        200,
        {
          total_count: this.runs.length,
          workflow_runs: this.runs.filter((run) => run.head_sha === query.get('head_sha')),
        },
      ];
    if (method === 'POST' && (m = r('/actions/runs/(\\d+)/rerun-failed-jobs'))) return [201, {}];
    if (method === 'GET' && (m = r('/actions/runs/(\\d+)/artifacts'))) {
      const run = Number(m[1]);
      const bytes = this.artifacts.get(run);
      const artifacts =
        bytes === undefined
          ? []
          : [
              {
                id: run,
                name: 'closed-loop-result',
                size_in_bytes: bytes.length,
                expired: false,
                archive_download_url: `${API}${REPO_PREFIX}/actions/artifacts/${run}/zip`,
              },
            ];
      return [200, { total_count: artifacts.length, artifacts }];
    }
    if (method === 'GET' && (m = r('/actions/artifacts/(\\d+)/zip')))
      return [302, '', { location: `${BLOB_HOST}/artifacts/run-${m[1]}.zip?sig=stand-in` }];
    if (method === 'GET' && (m = r('/actions/runs/(\\d+)/jobs'))) {
      const jobs = this.jobs.get(Number(m[1])) ?? [];
      return [200, { total_count: jobs.length, jobs }];
    }
    if (method === 'GET' && (m = r('/actions/jobs/(\\d+)/logs'))) {
      return this.jobLogs.has(Number(m[1]))
        ? [302, '', { location: `${this.blobBase}/job-${m[1]}.txt?sig=stand-in` }]
        : [410, { message: 'Gone' }];
    }
    if (method === 'GET' && r('/issues') && query.get('labels') === 'loop:flaky') {
      return [
        200,
        this.issues
          .filter((i) => i.labels.includes('loop:flaky'))
          .map((i) => ({ number: i.number, title: i.title, body: i.body, user: { login: i.user } })),
      ];
    }
    if (method === 'POST' && r('/issues')) {
      const issue = {
        number: 100 + this.issues.length,
        title: String(body.title),
        body: String(body.body),
        labels: body.labels as string[],
        user: BOT,
      };
      this.issues.push(issue);
      return [201, { number: issue.number }];
    }
    if (method === 'PATCH' && (m = r('/issues/(\\d+)'))) {
      const issue = this.issues.find((i) => i.number === Number(m![1]));
      if (issue === undefined) return [404, { message: 'Not Found' }];
      issue.body = String(body.body);
      return [200, { number: issue.number }];
    }
    if (method === 'GET' && r('/issues'))
      return [200, this.deadLetterIssues.map((i) => ({ number: i.number }))];
    if (method === 'GET' && (m = r('/issues/(\\d+)/comments'))) {
      const issue = this.deadLetterIssues.find((i) => i.number === Number(m![1]));
      return [200, (issue?.comments ?? []).map(listed)];
    }
    if (key.includes('/git/')) return this.gitData(method, path.slice(REPO_PREFIX.length), body);
    return null;
  }

  /** The OAuth web flow's code exchange, and what the user's token reads: who, which installations, repos. */
  private signIn(method: string, path: string, body: Record<string, unknown>): [number, unknown] | null {
    const user = this.oauth;
    if (method === 'POST' && path === '/login/oauth/access_token')
      return user !== null && body.code === user.code
        ? [200, { access_token: 'ghu_user_token', token_type: 'bearer', scope: '' }]
        : [
            200,
            {
              error: 'bad_verification_code',
              error_description: 'The code passed is incorrect or expired.',
              error_uri:
                'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
            },
          ];
    if (user === null || method !== 'GET') return null;
    if (path === '/user') return [200, { login: user.login, id: 7 }];
    if (path === '/user/installations') return [200, { total_count: 1, installations: [{ id: 1 }] }];
    if (path === '/user/installations/1/repositories')
      return [
        200,
        { total_count: user.repos.length, repositories: user.repos.map((full_name) => ({ full_name })) },
      ];
    return null;
  }

  /**
   * POST /pulls/{n}/reviews as GitHub checks it: on the PR's head, and each comment on RIGHT-side lines
   * of one hunk of its file's diff (start_line..line), else 422 and no review.
   */
  private createReview(body: Record<string, unknown>): [number, unknown] {
    const comments = (body.comments ?? []) as FakeReviewComment[];
    if (body.commit_id !== this.headSha)
      return [422, { message: `commit_id ${String(body.commit_id)} is not the pull request's head` }];
    for (const c of comments) {
      const hunks = [
        ...(
          this.reviewPatches[c.path] ??
          this.files.find((f) => f.filename === c.path)?.patch ??
          ''
        ).matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm),
      ].map((m) => ({ from: Number(m[1]), to: Number(m[1]) + Number(m[2] ?? 1) - 1 }));
      const first = c.start_line ?? c.line;
      if (
        c.side !== 'RIGHT' ||
        (c.start_line !== undefined && c.start_side !== 'RIGHT') ||
        !hunks.some((h) => h.from <= first && c.line <= h.to)
      ) {
        return [
          422,
          {
            message: 'Unprocessable Entity',
            errors: [`Line could not be resolved: ${c.path}:${first}-${c.line}`],
          },
        ];
      }
    }
    const review: FakeReview = {
      id: this.nextId++,
      user: BOT,
      commit_id: String(body.commit_id),
      event: String(body.event),
      body: String(body.body),
      comments,
    };
    this.reviews.push(review);
    return [
      200,
      {
        id: review.id,
        body: review.body,
        user: { login: BOT },
        html_url: `https://github.com/${OWNER}/${REPO}/pull/${this.number}#pullrequestreview-${review.id}`,
      },
    ];
  }

  /**
   * The App's GraphQL queries: who last edited a comment, and the reads it makes in one query
   * (fake-graphql.ts).
   */
  private graphql(body: Record<string, unknown>): [number, unknown] {
    const query = String(body.query);
    if (/query ClosedLoop/.test(query)) {
      this.graphqlQueries.push(/query (\w+)/.exec(query)![1]!);
      const answer = answerGraphql(this, query, (body.variables ?? {}) as Record<string, unknown>);
      if (answer === null) this.unknown.push(`POST /graphql ${/query (\w+)/.exec(query)?.[1] ?? ''}`);
      return answer ?? [501, { message: 'the fake GitHub does not answer this query' }];
    }
    const id = Number(/^IC_(\d+)$/.exec(String((body.variables as { id?: string } | undefined)?.id))?.[1]);
    this.editorQueries.push(id);
    const comment = this.comments.find((c) => c.id === id);
    if (comment === undefined) return [200, { data: { node: null } }];
    const editor = this.commentEditors.get(id);
    return [
      200,
      {
        data: {
          node:
            editor === undefined
              ? { editor: null, lastEditedAt: null }
              : { editor: { login: editor }, lastEditedAt: '2026-11-01T10:00:00Z' },
        },
      },
    ];
  }

  /** The pull request as `GET /pulls/{n}` answers it. */
  pull(): Record<string, unknown> {
    const pull = pullResponse({ head: this.headSha, labels: this.labels, body: this.body, fork: this.fork });
    pull.number = this.number;
    pull.html_url = `https://github.com/${OWNER}/${REPO}/pull/${this.number}`;
    if (this.author !== undefined)
      pull.user = { ...pull.user, login: this.author, type: this.author.endsWith('[bot]') ? 'Bot' : 'User' };
    pull.draft = this.draft;
    pull.created_at = this.createdAt;
    pull.state = this.closed || this.merged !== null ? 'closed' : 'open';
    pull.merged = this.merged !== null;
    pull.merged_at = this.merged?.at ?? null;
    pull.merged_by = this.merged === null ? null : { login: this.merged.by, type: 'User' };
    return pull;
  }

  /** The contents API's answer for a file at `ref` (the default branch's config is `config`). */
  readContents(file: string, ref: string | null): [number, unknown] {
    const text =
      this.git !== null && ref !== DEFAULT_BRANCH
        ? gitText(this.git, ['show', `${ref ?? 'HEAD'}:${file}`])
        : file === '.github/closed-loop.yml' && ref === DEFAULT_BRANCH
          ? this.config
          : (this.contents[file] ?? null);
    if (text === null) return [404, { message: 'Not Found' }];
    return [
      200,
      {
        type: 'file',
        encoding: 'base64',
        size: Buffer.byteLength(text),
        name: file.split('/').pop(),
        path: file,
        sha: 'c'.repeat(40),
        content: Buffer.from(text).toString('base64'),
      },
    ];
  }

  /** The Git Data API, answered by the real repository behind the fake. */
  private gitData(method: string, path: string, body: Record<string, unknown>): [number, unknown] | null {
    const dir = this.git;
    if (dir === null) return null;
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/git\/ref\/heads\/(.+)$/.exec(path))) {
      return m[1] === HEAD_REF
        ? [200, { ref: `refs/heads/${m[1]}`, object: { sha: this.branchHead, type: 'commit' } }]
        : [404, { message: 'Not Found' }];
    }
    if (method === 'GET' && (m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(path))) {
      const [, ...parents] = (gitText(dir, ['rev-list', '--parents', '-n', '1', m[1]!]) ?? '')
        .trim()
        .split(' ');
      return [
        200,
        {
          sha: m[1],
          tree: { sha: gitText(dir, ['rev-parse', `${m[1]}^{tree}`])?.trim() },
          parents: parents.map((sha) => ({ sha })),
          message: gitText(dir, ['log', '-1', '--format=%B', m[1]!]) ?? '',
        },
      ];
    }
    if (method === 'GET' && (m = /^\/git\/trees\/([0-9a-f]{40})$/.exec(path))) {
      const entries = (gitText(dir, ['ls-tree', m[1]!]) ?? '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [info = '', name = ''] = line.split('\t');
          const [mode, type, sha] = info.split(' ');
          return { path: name, mode, type, sha };
        });
      return [200, { sha: m[1], tree: entries, truncated: false }];
    }
    if (method === 'GET' && (m = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(path))) {
      const bytes = execFileSync('git', ['cat-file', 'blob', m[1]!], { cwd: dir });
      return [200, { sha: m[1], encoding: 'base64', content: bytes.toString('base64'), size: bytes.length }];
    }
    if (method === 'POST' && path === '/git/blobs') {
      const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], {
        cwd: dir,
        input: String(body.content),
      })
        .toString()
        .trim();
      return [201, { sha }];
    }
    if (method === 'POST' && path === '/git/trees')
      return [201, { sha: writeTree(dir, String(body.base_tree), body.tree as TreeEntry[]) }];
    if (method === 'POST' && path === '/git/commits') {
      const parents = (body.parents as string[]).flatMap((p) => ['-p', p]);
      const sha = execFileSync(
        'git',
        ['commit-tree', String(body.tree), ...parents, '-m', String(body.message)],
        {
          cwd: dir,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'closed-loop[bot]',
            GIT_AUTHOR_EMAIL: 'bot@example.com',
            GIT_COMMITTER_NAME: 'GitHub',
            GIT_COMMITTER_EMAIL: 'noreply@github.com',
          },
        },
      )
        .toString()
        .trim();
      return [201, { sha }];
    }
    if (method === 'PATCH' && (m = /^\/git\/refs\/heads\/(.+)$/.exec(path))) {
      const parent = gitText(dir, ['rev-parse', `${String(body.sha)}^`])?.trim();
      if (body.force !== false || parent !== this.branchHead)
        return [422, { message: 'Update is not a fast forward' }];
      this.branchHead = String(body.sha);
      return [200, { ref: `refs/heads/${m[1]}`, object: { sha: this.branchHead } }];
    }
    return null;
  }
}

interface TreeEntry {
  path: string;
  mode: string;
  type: string;
  sha?: string | null;
  content?: string;
}

function listed(c: FakeComment) {
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    body: c.body,
    created_at: c.created_at,
    updated_at: c.updated_at ?? c.created_at,
    user: { login: c.user, type: c.user.endsWith('[bot]') ? 'Bot' : 'User' },
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}#issuecomment-${c.id}`,
  };
}

function outputOf(body: Record<string, unknown>): FakeCheckRun['output'] {
  const o = (body.output ?? {}) as Record<string, string | undefined>;
  return { title: o.title ?? null, summary: o.summary ?? null, text: o.text ?? null };
}

function gitText(dir: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * POST /git/trees with base_tree: the base's entries, then each given entry set (by sha or content), or
 * removed with sha null.
 */
function writeTree(dir: string, baseTree: string, entries: TreeEntry[]): string {
  const scratch = mkdtempSync(join(tmpdir(), 'fake-index-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  try {
    execFileSync('git', ['read-tree', baseTree], { cwd: dir, env });
    for (const e of entries) {
      if (e.sha === null) execFileSync('git', ['update-index', '--force-remove', e.path], { cwd: dir, env });
      else {
        // An entry with `content`: GitHub writes the blob itself.
        const sha =
          e.content === undefined
            ? e.sha
            : execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, input: e.content })
                .toString()
                .trim();
        execFileSync('git', ['update-index', '--add', '--cacheinfo', `${e.mode},${sha},${e.path}`], {
          cwd: dir,
          env,
        });
      }
    }
    return execFileSync('git', ['write-tree'], { cwd: dir, env }).toString().trim();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
