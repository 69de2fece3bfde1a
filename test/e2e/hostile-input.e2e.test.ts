import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeResultsService } from '../action/results-service.js';
import { fakeGitHub, runAction } from '../action/run-action.js';
import { TOKEN } from '../action/projects.js';
import { CLI } from '../cli/run-cli.js';
import { git, tempRepos } from '../helpers/temp-repo.js';
import { DEPLOY_TOKEN, KEPT, leaks, SECRET_LOG } from '../helpers/secret-log.js';

// The hostile-input suite of the command (dist/cli.js) and the Action (dist/action.js with the runner's
// environment); the App's is test/app/hostile-server.e2e.test.ts.
const repos = tempRepos();
const outside = mkdtempSync(join(tmpdir(), 'closed-loop-hostile-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));
const LOG = join(outside, 'secrets.log');
writeFileSync(LOG, SECRET_LOG);

/** A check printing the log full of secrets (kept outside the repository) and the env token, then failing. */
const CONFIG = [
  'version: 1',
  'checks:',
  '  - name: deploy',
  '    type: type',
  `    command: ${JSON.stringify(`cat ${LOG}; echo "deploying with $DEPLOY_TOKEN"; exit 1`)}`,
  '',
].join('\n');
const FILES = { '.github/closed-loop.yml': CONFIG, 'src/a.ts': "export const a: number = 'x';\n" };
const ENV = { ...process.env, DEPLOY_TOKEN, NO_COLOR: '1' };

const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: ENV, timeout: 60_000 });

/** Every regular file under `dir` but git's objects, as text. */
function filesUnder(dir: string): Array<{ where: string; text: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => !rel.startsWith(join('.git', 'objects')))
    .map((rel) => join(dir, rel))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ where: path, text: readFileSync(path, 'latin1') }));
}

const jsonFiles = (files: Array<{ where: string; text: string }>) =>
  files.filter((f) => f.where.endsWith('.json'));

describe('hostile input: the command (dist/cli.js)', () => {
  it('one log full of secrets: run --json, analyze --json, status --json, state, result, attempts and context hold none, and every JSON parses', () => {
    const dir = repos(FILES);
    const run = cli(dir, 'run', '--json', '--no-fix');
    expect(run.status, run.stderr).not.toBe(70);
    const analyze = cli(dir, 'analyze', '--json', LOG);
    expect(analyze.status, analyze.stderr).toBe(0);
    const status = cli(dir, 'status', '--json');
    const diagnosis = JSON.parse(analyze.stdout) as { pattern: string; evidence: { text: string } };
    expect(diagnosis.pattern).toBe('type-error');
    expect(diagnosis.evidence.text).toContain('db: password=*** X-Api-Key: ***');
    expect(JSON.parse(run.stdout)).toMatchObject({ status: expect.any(String) });
    expect(JSON.parse(status.stdout)).toMatchObject({ task: expect.any(Object) });

    const files = filesUnder(join(dir, '.git/closed-loop'));
    const names = files.map((f) => f.where.slice(dir.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/state\.json$/), expect.stringMatching(/result\.json$/)]),
    );
    expect(names.some((n) => /attempts-.*\.md$/.test(n))).toBe(true);
    expect(names.some((n) => /deploy\.log$/.test(n))).toBe(true);
    for (const f of jsonFiles(files)) expect(() => JSON.parse(f.text), f.where).not.toThrow();
    // The check's log still shows what a reader needs: the masked lines, the references and the look-alikes.
    const log = files.find((f) => f.where.endsWith('deploy.log'))?.text ?? '';
    expect(log).toContain('Cookie: session=***; theme=dark');
    for (const kept of KEPT) expect(log).toContain(kept);
    const outputs = [
      ...files,
      { where: 'run stdout', text: run.stdout },
      { where: 'run stderr', text: run.stderr },
      { where: 'analyze stdout', text: analyze.stdout },
      { where: 'status stdout', text: status.stdout },
    ];
    expect(leaks(outputs)).toEqual([]);
  }, 90_000);

  it('the agent gets the context files masked: context-*.json and .md hold none of the secrets', () => {
    const dir = repos({
      ...FILES,
      '.github/closed-loop.yml': `${CONFIG}agent:\n  command: "true"\n`,
    });
    const run = cli(dir, 'run', '--json');
    expect(run.status, run.stderr).not.toBe(70);
    const context = filesUnder(join(dir, '.git/closed-loop')).filter((f) => /context-/.test(f.where));
    expect(context.map((f) => f.where.replace(/.*\//, ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.json$/), expect.stringMatching(/\.md$/)]),
    );
    for (const f of jsonFiles(context)) expect(() => JSON.parse(f.text)).not.toThrow();
    expect(leaks(context)).toEqual([]);
  }, 90_000);

  it("state_dir that would eat the user's folder, leave the repository or follow a link: exit 2, the config named, nothing written", () => {
    const dir = repos({ 'src/a.ts': 'a\n', 'src/.gitignore': 'dist\n', 'a.txt': 'a\n' });
    for (const [named, why] of [
      ['src', /state_dir "src": src is a folder of the work tree that closed-loop did not make/],
      ['../x', /state_dir "\.\.\/x": the config may only name a folder inside the repository/],
      ['/tmp/closed-loop-elsewhere', /pass --state-dir for a folder elsewhere/],
    ] as const) {
      writeFileSync(
        join(outside, 'loop.yml'),
        `version: 1\nstate_dir: ${named}\nchecks:\n  - name: t\n    type: test\n    command: "true"\n`,
      );
      const r = cli(dir, 'run', '--config', join(outside, 'loop.yml'));
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toContain(join(outside, 'loop.yml'));
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readFileSync(join(dir, 'src/.gitignore'), 'utf8')).toBe('dist\n');
    expect(existsSync(join(dir, '../x'))).toBe(false);
    expect(git(dir, 'status', '--porcelain')).toBe('');
  }, 60_000);

  it('"no checks configured" names the --config file', () => {
    const dir = repos({ 'a.txt': 'a\n' });
    writeFileSync(join(outside, 'empty.yml'), 'version: 1\n');
    const r = cli(dir, 'run', '--config', join(outside, 'empty.yml'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`add a checks section to ${join(outside, 'empty.yml')}`);
  });

  it('kill -9 in the middle of a run: status says killed, with its pid; resume puts the tree back and finishes the task', async () => {
    const dir = repos({
      '.github/closed-loop.yml':
        'version: 1\nchecks:\n  - name: slow\n    type: test\n    command: "test -f go || sleep 30"\n',
    });
    writeFileSync(join(dir, '.git/info/exclude'), 'go\n');
    const child = spawn(process.execPath, [CLI, 'run'], { cwd: dir, env: ENV, stdio: 'ignore' });
    const state = join(dir, '.git/closed-loop/state.json');
    for (let waited = 0; !existsSync(state) && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));

    const status = cli(dir, 'status');
    expect(status.stdout).toContain(`killed: the run (pid ${child.pid}) ended without finishing`);
    expect(status.stdout).toContain('closed-loop resume puts the tree back and continues it');
    expect(JSON.parse(cli(dir, 'status', '--json').stdout)).toMatchObject({
      status: 'running',
      process: { pid: child.pid, alive: false },
    });
    writeFileSync(join(dir, 'go'), '');
    const resume = cli(dir, 'resume');
    expect(resume.stderr).toMatch(new RegExp(`resuming task .* \\(it was killed \\(pid ${child.pid}\\)`));
    expect(resume.status, resume.stderr).toBe(0);
    expect(JSON.parse(cli(dir, 'status', '--json').stdout)).toMatchObject({ status: 'success' });
  }, 90_000);
});

describe('hostile input: the Action (dist/action.js)', () => {
  it('one log full of secrets: result.json in the artifact, RUNNER_TEMP, outputs, summary, log and the PR writes hold none', async () => {
    const dir = repos(FILES);
    const service = await fakeResultsService();
    const github = await fakeGitHub();
    const r = runAction(dir, { token: TOKEN }, { ...service.env, GITHUB_API_URL: github.url, DEPLOY_TOKEN });
    service.stop();
    github.stop();
    const artifact = service.artifacts()[0] ?? {};
    expect(Object.keys(artifact)).toContain('result.json');
    expect(() => JSON.parse(artifact['result.json'] ?? '')).not.toThrow();
    expect(github.requests().some((q) => q.method === 'POST')).toBe(true);
    const outputs = [
      ...Object.entries(artifact).map(([name, text]) => ({ where: `artifact:${name}`, text })),
      ...filesUnder(r.runnerTemp),
      ...filesUnder(join(dir, '.git/closed-loop')),
      { where: 'stdout', text: r.stdout },
      { where: 'stderr', text: r.stderr },
      { where: 'outputs', text: JSON.stringify(r.outputs) },
      { where: 'summary', text: r.summary },
      { where: 'PR writes', text: JSON.stringify(github.requests().map((q) => q.body)) },
    ];
    for (const f of jsonFiles(filesUnder(r.runnerTemp)))
      expect(() => JSON.parse(f.text), f.where).not.toThrow();
    expect(leaks(outputs)).toEqual([]);
  }, 90_000);

  it("a config whose state_dir is the user's folder: the step fails on the config, src/.gitignore is untouched", () => {
    const dir = repos({
      '.github/closed-loop.yml':
        'version: 1\nstate_dir: src\nchecks:\n  - name: t\n    type: test\n    command: "true"\n',
      'src/a.ts': 'a\n',
      'src/.gitignore': 'dist\n',
    });
    const r = runAction(dir);
    expect(r.status).toBe(1);
    expect(r.summary).toContain(
      'state_dir "src": src is a folder of the work tree that closed-loop did not make',
    );
    expect(readFileSync(join(dir, 'src/.gitignore'), 'utf8')).toBe('dist\n');
  }, 60_000);
});
