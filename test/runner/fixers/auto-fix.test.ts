import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { runStrategy } from '../../../src/runner/fixers/index.js';
import { createTempRepo } from '../../helpers/temp-repo.js';
import { check, project } from '../../core/strategies/builders.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs a shell command in `cwd`: its exit status and output. */
function sh(cwd: string, command: string): { code: number; out: string } {
  try {
    return {
      code: 0,
      out: execFileSync('/bin/sh', ['-c', command], {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, NO_COLOR: '1' },
      }),
    };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

const files = {
  'package.json': '{ "name": "app", "type": "module" }\n',
  'eslint.config.js': "export default [{ files: ['**/*.js'], rules: { 'prefer-const': 'error' } }];\n",
  'src/index.js': 'let total = 1;\nexport { total };\n',
  'src/fmt.js': 'export const   x = {a:1,\n  b:2}\n',
};

describe('auto_fix with the real eslint and prettier', () => {
  it('fixes a prefer-const error with eslint --fix', async () => {
    const cwd = createTempRepo(files, { linkNodeModules: true });
    dirs.push(cwd);
    const lint = sh(cwd, 'npx eslint src/index.js');
    expect(lint.code).toBe(1);
    const diagnosis = analyzeText(effectiveCatalogue(), lint.out, { root: cwd });
    expect(diagnosis.pattern).toBe('lint-error');
    const outcome = await runStrategy('auto_fix', {
      cwd,
      taskId: 't1',
      diagnosis,
      check: check({ command: 'npx eslint src/index.js', timeout: 120 }),
      config: defaultConfig(),
      project: project(),
    });
    expect(outcome).toMatchObject({ strategy: 'auto_fix', applied: true, files_modified: ['src/index.js'] });
    expect(outcome.action).toMatch(/^ran npx eslint --fix -- src\/index\.js/);
    expect(sh(cwd, 'npx eslint src/index.js').code).toBe(0);
    expect(readFileSync(join(cwd, 'src/index.js'), 'utf8')).toContain('const total = 1;');
  });

  it('formats an unformatted file with prettier --write', async () => {
    const cwd = createTempRepo(files, { linkNodeModules: true });
    dirs.push(cwd);
    const command = 'npx prettier --check src/fmt.js';
    const fmt = sh(cwd, command);
    expect(fmt.code).toBe(1);
    const diagnosis = analyzeText(effectiveCatalogue(), fmt.out, { root: cwd });
    expect(diagnosis.pattern).toBe('format-error');
    const outcome = await runStrategy('auto_fix', {
      cwd,
      taskId: 't2',
      diagnosis,
      check: check({ name: 'format', command, timeout: 120 }),
      config: defaultConfig(),
      project: project(),
    });
    expect(outcome).toMatchObject({ applied: true, files_modified: ['src/fmt.js'] });
    expect(outcome.action).toMatch(/^ran npx prettier --write -- src\/fmt\.js/);
    expect(sh(cwd, command).code).toBe(0);
  });

  it('reports honestly when the fixer fails and changes nothing', async () => {
    const cwd = createTempRepo({ 'a.txt': 'x\n' });
    dirs.push(cwd);
    const diagnosis = analyzeText(effectiveCatalogue(), 'src/a.js\n  1:1  error  nope  no-undef\n');
    const outcome = await runStrategy('auto_fix', {
      cwd,
      taskId: 't3',
      diagnosis,
      check: check({ fix_command: 'echo cannot fix >&2; exit 3' }),
      config: defaultConfig(),
      project: project(),
    });
    expect(outcome).toMatchObject({ applied: false, files_modified: [], output: 'cannot fix' });
    expect(outcome.action).toContain('(exit 3): nothing changed');
  });

  it('stops a fixer that outlives the check timeout', async () => {
    const cwd = createTempRepo({ 'a.txt': 'x\n' });
    dirs.push(cwd);
    const diagnosis = analyzeText(effectiveCatalogue(), 'src/a.js\n  1:1  error  nope  no-undef\n');
    const outcome = await runStrategy('auto_fix', {
      cwd,
      taskId: 't4',
      diagnosis,
      check: check({ fix_command: 'sleep 30', timeout: 1 }),
      config: defaultConfig(),
      project: project(),
    });
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toContain('sleep 30 timed out after 1 s');
  });

  it('says so when no fixer is known', async () => {
    const cwd = createTempRepo({ 'a.txt': 'x\n' });
    dirs.push(cwd);
    const diagnosis = analyzeText(
      effectiveCatalogue(),
      '[ERROR] Calc.java:3:8: Unused import - java.util.List. [UnusedImports]\nCheckstyle ends with 1 errors.',
    );
    const outcome = await runStrategy('auto_fix', {
      cwd,
      taskId: 't5',
      diagnosis,
      check: check({ command: 'mvn checkstyle:check' }),
      config: defaultConfig(),
      project: project(),
    });
    expect(outcome).toMatchObject({ applied: false, context_expanded: false });
    expect(outcome.action).toContain('no fixer known');
  });
});
