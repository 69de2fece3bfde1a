import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GREEN, TOKEN, TYPE_ERROR } from './projects.js';
import { describe, expect, it } from 'vitest';
import { parseLoopComment } from '../../src/core/pull-request/parse-loop-comment.js';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { PR_NUMBER, PR_PATH } from './pr-payload.js';
import { fakeGitHub, runAction } from './run-action.js';

const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

describe('the bundled Action, run as the runner runs it', () => {
  it('all green: status success, result.json, a summary, exit 0; the token is masked; the loop comment posted (standalone)', async () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const github = await fakeGitHub();
    const head = git(dir, 'rev-parse', 'HEAD');
    const r = runAction(dir, { token: TOKEN }, { GITHUB_API_URL: github.url });
    github.stop();
    expect(github.requests().map((q) => `${q.method} ${q.url}`)).toEqual([
      `GET ${PR_PATH}/comments?per_page=100`,
      `GET ${PR_PATH}/comments?per_page=100`,
      `POST ${PR_PATH}/comments`,
    ]);
    expect(github.requests().every((q) => q.auth === `token ${TOKEN}`)).toBe(true);
    expect(parseLoopComment((github.requests()[2]?.body as { body: string }).body)).toMatchObject({
      head_sha: head,
      status: 'success',
    });
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'success', attempts: '1', pattern: '', 'fix-commit': '' });
    expect(r.outputs.result).toBe(join(r.runnerTemp, 'closed-loop', 'result.json'));
    expect(JSON.parse(readFileSync(r.outputs.result ?? '', 'utf8'))).toMatchObject({
      version: 1,
      status: 'success',
      task_id: `pr-${PR_NUMBER}`,
    });
    expect(r.summary).toMatch(/^## closed-loop\n/);
    expect(r.stdout).toContain(`::add-mask::${TOKEN}`);
    expect(r.stdout).toContain(`[closed-loop] task=pr-${PR_NUMBER}`);
    expect(r.stdout).not.toContain('::error');
    expect(existsSync(join(r.runnerTemp, 'closed-loop', 'fix.patch'))).toBe(false);
  });

  it('an escalation fails the step (exit 1), with the report in the summary and an annotation at file:line', () => {
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const r = runAction(dir);
    expect(r.status, r.stdout).toBe(1);
    expect(r.outputs).toMatchObject({ status: 'escalated', pattern: 'type-error', category: 'type' });
    const result = JSON.parse(readFileSync(r.outputs.result ?? '', 'utf8')) as {
      reason: string;
      reports: { escalation: string | null };
    };
    expect(result.reports.escalation).not.toBeNull();
    // No agent here: the report names the Action's way to set one, not the CLI's flag.
    expect(result.reason).toMatch(
      /no agent configured for context_expand: set agent\.command in \.github\/closed-loop\.yml or the Action's agent-command input/,
    );
    expect(result.reports.escalation).toContain(
      "set `agent.command` in .github/closed-loop.yml or the Action's agent-command input",
    );
    expect(result.reports.escalation).not.toContain('--agent');
    expect(r.summary).toMatch(/escalat/i);
    expect(r.summary).toContain('src/index.ts');
    expect(r.stdout).toMatch(/^::error .*file=src\/index\.ts,line=1(,col=\d+)?::/m);
    expect(r.stdout).toMatch(/^::error::closed-loop: escalated after \d attempt\(s\)/m);
    // The job log: the check's own output in a fold titled with its verdict, fenced from the runner's
    // commands; the whole report folded; the verdict in a few lines with the report's name last (its
    // file, not its path in the runner's state folder).
    const fold =
      /^::group::✗ typecheck [\d.]+s\n::stop-commands::(\S+)\n([^]*?)\n::\1::\n::endgroup::$/m.exec(r.stdout);
    expect(fold?.[2]).toContain('  src/index.ts(1,14): error TS2322');
    expect(fold?.[2]).toMatch(/^ {2}\$ npm run typecheck$/m);
    expect(r.stdout).toMatch(/^::group::closed-loop: the escalation report\n::stop-commands::/m);
    expect(r.stdout).toMatch(
      /^⚠ escalated after 1 attempt\(s\): .*\n {2}failed {6}typecheck: type-error at src\/index\.ts:1\n {14}src\/index\.ts\(1,14\): error TS2322: .*\n {2}next step {3}Read the type definitions.*\n {2}report: escalation-pr-2\.md \(see Reports in the job summary\)$/m,
    );
  });

  it('a dead letter (the type-error example: its agent keeps guessing wrong): the step fails, the report is in the summary, and on the PR loop:dead-letter and the report once', async () => {
    const dir = exampleRepo('type-error');
    const head = git(dir, 'rev-parse', 'HEAD');
    const github = await fakeGitHub();
    const r = runAction(dir, { token: TOKEN }, { GITHUB_API_URL: github.url });
    github.stop();

    expect(r.status, r.stdout).toBe(1);
    expect(r.outputs).toMatchObject({
      status: 'failed',
      pattern: 'type-error',
      category: 'type',
      'fix-commit': '',
    });
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head); // every wrong guess rolled back
    expect(r.summary).toContain('Dead letter');
    expect(r.stdout).toMatch(/^::error::closed-loop: dead letter after \d+ attempt\(s\)/m);
    const writes = github.requests().filter((q) => q.method !== 'GET');
    expect(writes.filter((q) => q.url === `${PR_PATH}/labels`).map((q) => q.body)).toEqual([
      { labels: ['loop:dead-letter'] },
    ]);
    const reports = writes.filter(
      (q) =>
        q.url === `${PR_PATH}/comments` &&
        (q.body as { body: string }).body.includes(`<!-- closed-loop:key ${head} -->`),
    );
    expect(reports).toHaveLength(1);
    const report = (reports[0]?.body as { body: string }).body;
    expect(report).toContain('### closed-loop · dead letter'); // readable on the PR: the seed's record folded away
    expect(report).toContain('```yaml\n---\nentity_name: session.current.dead-letter.pr-2');
    expect(report).toContain('## Error Chain');
    expect(github.requests().every((q) => q.auth === `token ${TOKEN}`)).toBe(true);
  });

  it("a config error: an annotation at the config file's line and column, a summary, exit 1", () => {
    const dir = createTempRepo(
      { ...GREEN, '.github/closed-loop.yml': 'version: 1\nretry:\n  max_retries: lots\n' },
      { linkNodeModules: true },
    );
    const r = runAction(dir);
    expect(r.status, r.stdout).toBe(1);
    expect(r.stdout).toMatch(
      /^::error title=closed-loop%3A invalid config,file=\.github\/closed-loop\.yml,line=3,col=\d+::/m,
    );
    expect(r.stdout).toMatch(/^::error::closed-loop: \.github\/closed-loop\.yml/m);
    expect(r.summary).toContain('The closed-loop config is invalid');
    // A later step can branch on it.
    expect(r.outputs).toEqual({ status: 'config-error' });
  });

  it('dry run: says what it would do and changes nothing', () => {
    const dir = exampleRepo('lint-autofix');
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runAction(dir, { 'dry-run': 'true' });
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ status: 'dry-run', attempts: '0', result: '', 'fix-commit': '' });
    expect(r.summary).toContain('dry run');
    expect(r.summary).toMatch(/next: would run auto_fix/);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(base);
    expect(git(dir, 'status', '--porcelain', '--ignored')).toBe('!! node_modules');
  });

  it('an internal error asks for a bug report and still writes a summary saying what happened', () => {
    const dir = createTempRepo(GREEN, { linkNodeModules: true });
    const notADirectory = join(dir, 'package.json');
    const r = runAction(dir, {}, { RUNNER_TEMP: notADirectory });
    expect(r.status, r.stdout).toBe(1);
    expect(r.stdout).toMatch(
      /^::error::closed-loop: internal error: .*ENOTDIR.*This is a bug in closed-loop, not in your project; please report it/m,
    );
    expect(r.summary).toContain('closed-loop stopped with an internal error.');
    expect(r.summary).toContain('Please report it');
    expect(r.outputs.status).toBe('internal-error');
  });

  it('a bad input fails at once with one line naming it (after the line that says the Action started)', () => {
    const dir = createTempRepo(GREEN);
    const r = runAction(dir, { 'max-retries': 'many' });
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      `closed-loop ${version}: starting in ${dir}`,
      '::error::closed-loop: input max-retries must be a whole number from 1, not "many"',
    ]);
    expect(r.summary).toContain('input max-retries');
    expect(r.outputs).toEqual({ status: 'not-run' });
  });

  it('could not run (no checks configured or detected): status not-run, for a later step to branch on', () => {
    const dir = createTempRepo({ 'README.md': 'no project here\n' });
    const r = runAction(dir);
    expect(r.status, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^::error::closed-loop: no checks configured or detected/m);
    expect(r.outputs).toEqual({ status: 'not-run' });
  });
});
