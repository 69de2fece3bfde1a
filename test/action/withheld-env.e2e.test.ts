import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { TOKEN } from './projects.js';
import { fakeResultsService } from './results-service.js';
import { fakeGitHub, runAction } from './run-action.js';

const READ_TOKEN = 'ghs_READ0123456789abcdefghijklmnopqrstuv';
/** The workflow's own variables: one holding the Action's token under another name, and the project's. */
const WORKFLOW_ENV = {
  GITHUB_TOKEN: TOKEN,
  AUTH_HEADER: `Authorization: token ${TOKEN}`,
  NPM_TOKEN: 'npm_projectsOwnToken0123456789abcdefghij',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-0123456789',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.example/oidc?audience=x',
  ACTIONS_CACHE_URL: 'https://artifactcache.example/abc/',
};

/** A file outside the repository that a command of the run writes its whole environment to. */
function envFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'closed-loop-env-')), 'env.txt');
}

/** The variables as the command saw them, by name. */
function readEnv(file: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(line.slice(0, at)))
      vars.set(line.slice(0, at), line.slice(at + 1));
  }
  return vars;
}

/** What a command of the loop must never see, and what it keeps. */
function expectWithheld(file: string, runtimeToken: string, resultsUrl: string): void {
  const text = readFileSync(file, 'utf8');
  const vars = readEnv(file);
  expect([...vars.keys()].filter((k) => k.startsWith('INPUT_'))).toEqual([]);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(READ_TOKEN);
  expect(text).not.toContain(runtimeToken);
  expect(text).not.toContain(resultsUrl);
  for (const name of [
    'GITHUB_TOKEN',
    'AUTH_HEADER',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
  ])
    expect(vars.has(name), name).toBe(false);
  // The project's own variables and the runner's context stay.
  expect(vars.get('NPM_TOKEN')).toBe(WORKFLOW_ENV.NPM_TOKEN);
  expect(vars.get('ACTIONS_CACHE_URL')).toBe(WORKFLOW_ENV.ACTIONS_CACHE_URL);
  expect(vars.get('GITHUB_REPOSITORY')).toBe('octo-org/shop');
  expect(vars.has('PATH')).toBe(true);
}

function envCheckRepo(out: string): string {
  return createTempRepo(
    {
      '.github/closed-loop.yml': `version: 1\nchecks:\n  - name: env\n    type: test\n    command: env > ${out}\n`,
      'a.txt': 'a\n',
    },
    { linkNodeModules: true },
  );
}

describe("the bundled Action keeps its token and the runner's credentials from the commands the loop starts", () => {
  it("a check that prints its environment sees no INPUT_*, no token under any name, no runner credential; the project's NPM_TOKEN stays", async () => {
    const out = envFile();
    const dir = envCheckRepo(out);
    const github = await fakeGitHub();
    const service = await fakeResultsService();
    const r = runAction(
      dir,
      { token: TOKEN, 'read-token': READ_TOKEN },
      { ...WORKFLOW_ENV, ...service.env, GITHUB_API_URL: github.url },
    );
    github.stop();
    service.stop();
    expect(r.status, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('success');
    expectWithheld(out, service.env.ACTIONS_RUNTIME_TOKEN ?? '', service.env.ACTIONS_RESULTS_URL ?? '');
    // The Action itself still has them: it wrote the loop comment with its token and uploaded the result.
    expect(github.requests().some((q) => q.method === 'POST' && q.auth === `token ${TOKEN}`)).toBe(true);
    expect(service.artifacts()).toHaveLength(1);
  });

  it('a dry run withholds them from its checks too', async () => {
    const out = envFile();
    const dir = envCheckRepo(out);
    const github = await fakeGitHub();
    const service = await fakeResultsService();
    const r = runAction(
      dir,
      { token: TOKEN, 'read-token': READ_TOKEN, 'dry-run': 'true' },
      { ...WORKFLOW_ENV, ...service.env, GITHUB_API_URL: github.url },
    );
    github.stop();
    service.stop();
    expect(r.status, r.stdout).toBe(0);
    expectWithheld(out, service.env.ACTIONS_RUNTIME_TOKEN ?? '', service.env.ACTIONS_RESULTS_URL ?? '');
  });

  it('a git hook the checkout holds (post-commit, run when the loop commits its fix) sees none of them either', async () => {
    const out = envFile();
    const dir = exampleRepo('lint-autofix');
    const hook = join(git(dir, 'rev-parse', '--absolute-git-dir'), 'hooks', 'post-commit');
    writeFileSync(hook, `#!/bin/sh\nenv > ${out}\n`);
    chmodSync(hook, 0o755);
    const github = await fakeGitHub();
    const service = await fakeResultsService();
    const r = runAction(
      dir,
      { token: TOKEN, 'read-token': READ_TOKEN, push: 'never' },
      { ...WORKFLOW_ENV, ...service.env, GITHUB_API_URL: github.url },
    );
    github.stop();
    service.stop();
    expect(r.outputs.status, r.stdout).toBe('success');
    expect(r.outputs['fix-commit']).not.toBe('');
    expectWithheld(out, service.env.ACTIONS_RUNTIME_TOKEN ?? '', service.env.ACTIONS_RESULTS_URL ?? '');
  });
});
