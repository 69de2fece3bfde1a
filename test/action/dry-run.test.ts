import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLoopComment } from '../../src/core/pull-request/parse-loop-comment.js';
import { LOOP_COMMENT_MARKER } from '../../src/core/pull-request/render-loop-comment.js';
import { useNock } from '../github/github-test-kit.js';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { PR_PATH, synchronizePayload } from './pr-payload.js';
import { GREEN, TOKEN, TYPE_ERROR } from './projects.js';
import { runActionInProcess } from './run-action-in-process.js';

const API = 'https://api.github.com';

useNock();

/** Every request nock had no mock for: a write the dry run must not send would land here. */
let unmatched: string[] = [];
const record = (req: { method?: string; path?: string }) => unmatched.push(`${req.method} ${req.path}`);
beforeEach(() => {
  unmatched = [];
  nock.emitter.on('no match', record);
});
afterEach(() => {
  nock.emitter.removeListener('no match', record);
});

describe('dry run on a pull request with a token', () => {
  it('green: lists the writes it would make (in the log and, collapsed, in the summary) and sends none', async () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    const read = nock(API).get(`${PR_PATH}/comments`).query({ per_page: 100 }).reply(200, []);

    const r = await runActionInProcess(dir, synchronizePayload(head, { labels: ['loop:blocked'] }), {
      'dry-run': 'true',
    });

    expect(read.isDone()).toBe(true);
    expect(unmatched).toEqual([]);
    expect(r.exitCode, r.stdout).toBeUndefined();
    expect(r.outputs).toMatchObject({ status: 'dry-run', attempts: '0' });
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('dry run: '));
    expect(lines.map((l) => l.split(' ').slice(2, 4).join(' '))).toEqual([
      `DELETE ${API}${PR_PATH}/labels/loop%3Ablocked`,
      `POST ${API}${PR_PATH}/comments`,
    ]);
    const comment = lines[1] ?? '';
    const body = (
      JSON.parse(comment.slice(comment.indexOf('{'), comment.lastIndexOf('} (or ') + 1)) as { body: string }
    ).body;
    expect(body.startsWith(`${LOOP_COMMENT_MARKER}\n`)).toBe(true);
    expect(parseLoopComment(body)).toMatchObject({ head_sha: head, status: 'success', attempts: [] });
    expect(r.summary).toMatch(
      /<details><summary>Writes to the pull request for the verdict success \(2, none sent\)<\/summary>/,
    );
    for (const line of lines) expect(r.summary).toContain(line);
    expect(r.stdout.replace(/^::add-mask::.*$/gm, '')).not.toContain(TOKEN);
    expect(git(dir, 'status', '--porcelain')).toBe('');
  });

  it('a failure a fix comes next for: no writes listed, the summary says they depend on the fix; still nothing sent', async () => {
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    nock(API).get(`${PR_PATH}/comments`).query({ per_page: 100 }).reply(200, []);

    const r = await runActionInProcess(dir, synchronizePayload(head), { 'dry-run': 'true' });

    expect(unmatched).toEqual([]);
    expect(r.exitCode, r.stdout).toBeUndefined();
    expect(r.outputs).toMatchObject({ status: 'dry-run', pattern: 'type-error' });
    expect(r.stdout).not.toMatch(/^dry run: /m);
    expect(r.summary).toContain(
      'Writes to the pull request: none listed, the verdict depends on how context_expand goes',
    );
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
  });
});
