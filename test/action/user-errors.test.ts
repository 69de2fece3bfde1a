import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { synchronizePayload } from './pr-payload.js';
import { GREEN, TYPE_ERROR } from './projects.js';
import { runActionInProcess } from './run-action-in-process.js';

/** The step's `::error::` line: what a workflow author reads first. */
const errorLine = (stdout: string): string => stdout.split('\n').find((l) => l.startsWith('::error::')) ?? '';

/** Runs the Action in App mode (`token: ''`: no request to GitHub) on the checkout `dir`. */
const run = (dir: string, inputs: Record<string, string>) =>
  runActionInProcess(dir, synchronizePayload(git(dir, 'rev-parse', 'HEAD')), { token: '', ...inputs });

describe("the Action's refusals name its inputs and what a workflow can do, never the CLI's flags", () => {
  it('working-directory that does not exist: names the input, not --cwd', async () => {
    const dir = createTempRepo(GREEN);
    const r = await run(dir, { 'working-directory': 'nope' });
    expect(r.exitCode).toBe(1);
    expect(errorLine(r.stdout)).toBe(
      `::error::closed-loop: ${join(dir, 'nope')}: no such directory (the working-directory input)`,
    );
  });

  it('a file an earlier step left in the tree: says to ignore it, move the step, or undo it before; no --allow-dirty', async () => {
    const dir = createTempRepo(GREEN);
    writeFileSync(join(dir, 'coverage.txt'), 'all covered\n');
    const r = await run(dir, {});
    const line = errorLine(r.stdout);
    expect(r.exitCode).toBe(1);
    expect(line).toContain(
      'the working tree has uncommitted changes (coverage.txt); a step before closed-loop',
    );
    expect(line).toContain('add them to .gitignore');
    expect(line).toContain('run closed-loop before that step');
    expect(line).toContain('git checkout -- . && git clean -fd');
    expect(line).not.toContain('--allow-dirty');
    expect(line).not.toContain('commit or stash');
  });

  it('fix: false: the verdict says the fix input is off, not --no-fix', async () => {
    const dir = createTempRepo(TYPE_ERROR, { linkNodeModules: true });
    const r = await run(dir, { fix: 'false' });
    expect(r.outputs.status).toBe('escalated');
    expect(r.summary).toContain('fixing is off (the fix input is false)');
    expect(`${r.summary}\n${r.stdout}`).not.toContain('--no-fix');
  });

  it("working-directory below the root with no checks at the root: says checks are detected and run at the repository's root, and how to run them in the directory", async () => {
    const dir = createTempRepo({ 'app/package.json': GREEN['package.json'], 'app/src/ok.test.mjs': '' });
    const r = await run(dir, { 'working-directory': 'app' });
    const line = errorLine(r.stdout);
    expect(r.exitCode).toBe(1);
    expect(line).toContain(
      `no checks configured or detected in ${dir} (the repository's root: closed-loop detects and runs its checks there, not in app, which the working-directory input names)`,
    );
    expect(line).toContain(
      'add a checks section to .github/closed-loop.yml (docs/config.md), each command starting with `cd app &&`',
    );
  });

  it('max-retries: 1 is accepted with a warning that no fix will be attempted (it counts evaluations); 2 gets none', async () => {
    const failing = {
      '.github/closed-loop.yml': `version: 1\nchecks:\n  - name: lint\n    type: lint\n    command: node -e "console.error('a.js:1:1 error Unexpected var no-var'); process.exit(1)"\n`,
    };
    const one = await run(createTempRepo(failing), { 'max-retries': '1', 'fail-on': 'never' });
    const warning = one.stdout
      .split('\n')
      .filter((l) => l.startsWith('::warning::closed-loop: max-retries: 1'));
    expect(warning).toEqual([
      "::warning::closed-loop: max-retries: 1 allows no fix attempt: it counts evaluations of the checks, and the first one, which finds the failure, uses it up, so a failure is a dead letter at once. Set 2 for one fix attempt (3 allows 2), or leave it empty for each pattern's own budget.",
    ]);
    // As it says: the first evaluation used the budget, nothing was tried.
    expect(one.outputs).toMatchObject({ status: 'failed', attempts: '1' });
    const two = await run(createTempRepo(failing), { 'max-retries': '2', 'fail-on': 'never' });
    expect(two.stdout).not.toContain('::warning::closed-loop: max-retries');
  });
});
