import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { GREEN, TOKEN } from './projects.js';
import { runAction } from './run-action.js';

/** The environment of a run on another event than a pull request: its name, its payload, the commit. */
function eventEnv(dir: string, name: string, payload: unknown): Record<string, string> {
  const file = join(mkdtempSync(join(tmpdir(), 'closed-loop-event-')), 'event.json');
  writeFileSync(file, JSON.stringify(payload));
  const sha = git(dir, 'rev-parse', 'HEAD');
  return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file, GITHUB_REF_NAME: 'main', GITHUB_SHA: sha };
}

const notice = (stdout: string): string => /^::notice::(.*)$/m.exec(stdout)?.[1] ?? '';

describe('the bundled Action on an event that is not a pull request', () => {
  it('a push whose checks pass: green, one notice that it checks this commit and writes to no pull request', () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const env = eventEnv(dir, 'push', { ref: 'refs/heads/main', after: git(dir, 'rev-parse', 'HEAD') });
    const r = runAction(dir, { token: TOKEN }, env);
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(notice(r.stdout)).toContain('this run is a `push` event, not a pull request');
    expect(notice(r.stdout)).toContain('the loop checks this commit and reports in the job only');
    expect(notice(r.stdout)).toContain('`pull_request`');
    expect(r.stdout.match(/^::notice::/gm)).toHaveLength(1);
    expect(r.stdout).not.toMatch(/^::(warning|error)/m); // no token warning: there is no pull request to write to
  });

  it('a push the loop fixes in the checkout: the step fails, and the summary speaks of this commit, not a pull request', () => {
    const dir = exampleRepo('lint-autofix');
    const sha = git(dir, 'rev-parse', 'HEAD');
    const env = eventEnv(dir, 'push', { ref: 'refs/heads/main', after: sha });
    const r = runAction(dir, { token: TOKEN }, env);
    expect(r.status, r.stdout).toBe(1);
    expect(r.outputs.status).toBe('success');
    expect(r.stdout).toMatch(
      /^::error::closed-loop: every check passes with .* not pushed, so this commit still fails\. Apply fix\.patch/m,
    );
    expect(r.summary).toContain('**Next:** the fix was not pushed, so this commit still fails');
    expect(r.summary).toContain("in your checkout of this commit's branch");
    expect(r.summary).not.toMatch(/pull request/i);
    // The task is the branch and the commit, not the detached checkout.
    const result = JSON.parse(readFileSync(r.outputs.result ?? '', 'utf8')) as { task_id: string };
    expect(result.task_id).toBe(`main-${sha.slice(0, 7)}`);
    expect(r.stdout).not.toContain('detached-');
  });

  it('a schedule run is told apart by its name too', () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const r = runAction(dir, { token: TOKEN }, eventEnv(dir, 'schedule', { schedule: '0 3 * * *' }));
    expect(r.status, r.stdout).toBe(0);
    expect(notice(r.stdout)).toContain('this run is a `schedule` event, not a pull request');
  });
});

describe('the bundled Action on a pull request event whose payload cannot be read', () => {
  it.each([
    ['the file is missing', 'pull_request', 'missing', /could not be read \(ENOENT\)/],
    ['the file is not JSON', 'pull_request', '{"pull_request": ', /is not JSON/],
    [
      'the payload holds no pull request',
      'pull_request_target',
      '{"action":"opened"}',
      /holds no pull request/,
    ],
    ['the path is not set', 'pull_request', null, /GITHUB_EVENT_PATH is not set/],
  ])(
    '%s: one error naming GITHUB_EVENT_PATH, no stack trace, the loop does not run',
    (_, name, text, says) => {
      const dir = createTempRepo(GREEN, { linkNodeModules: true });
      const file = join(mkdtempSync(join(tmpdir(), 'closed-loop-event-')), 'event.json');
      if (text !== null && text !== 'missing') writeFileSync(file, text);
      const r = runAction(
        dir,
        { token: TOKEN },
        { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: text === null ? '' : file },
      );
      expect(r.status, r.stdout).toBe(1);
      const error = /^::error::(.*)$/m.exec(r.stdout)?.[1] ?? '';
      expect(error).toContain(`closed-loop: this is a \`${name}\` event, but`);
      expect(error).toContain('GITHUB_EVENT_PATH');
      expect(error).toMatch(says);
      expect(error).not.toContain('internal error');
      expect(r.stdout).not.toMatch(/^\s+at /m);
      expect(r.stdout).not.toContain('[closed-loop] task=');
      expect(r.summary).toContain('closed-loop could not run here.');
      expect(r.summary).toContain('GITHUB_EVENT_PATH');
    },
  );
});
