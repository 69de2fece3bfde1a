import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

describe('closed-loop status and resume', () => {
  it('status says there is nothing yet, then shows the blocked task; resume continues it once a person fixed it', () => {
    const dir = createTempRepo(
      {
        'package.json': JSON.stringify({
          name: 's',
          private: true,
          type: 'module',
          scripts: { typecheck: 'tsc --noEmit -p .' },
        }),
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, noEmit: true },
          include: ['src'],
        }),
        'src/index.ts': "export const n: number = 'x';\n",
      },
      { linkNodeModules: true },
    );
    const none = cli(dir, 'status');
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(
      /^closed-loop: no loop state in \.git\/closed-loop\/: run closed-loop run first/,
    );

    const first = runClosedLoop(dir);
    expect(first.status).toBe(3); // no agent configured: context_expand escalates with the context
    const status = cli(dir, 'status');
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/state +ESCALATE — escalated/);
    expect(status.stdout).toMatch(/no agent configured/);
    expect(status.stdout).toMatch(/^1 +type-error +- +typecheck failed/m);
    expect(status.stdout).toContain('closed-loop resume');

    writeFileSync(join(dir, 'src/index.ts'), 'export const n: number = 1;\n');
    git(dir, 'commit', '-qam', 'a person fixes the type');
    const resumed = cli(dir, 'resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    const task = /task (\S+);/.exec(first.stderr)?.[1];
    expect(resumed.stderr).toContain(`resuming task ${task}`);
    expect(resumed.stderr).toMatch(/✔ success after 1 attempt/);
    expect(resumed.stderr).toMatch(
      /earlier reports kept as \.git\/closed-loop\/attempts-\S+\.before-resume-\S+\.md, \.git\/closed-loop\/escalation-/,
    );
    expect(cli(dir, 'resume', '--task', 'other').stderr).toMatch(/--task is not an option here/);
    expect(cli(dir, 'resume').stderr).toMatch(/is already done/);
  });

  it('resume continues the same run: status keeps its earlier fix commits, stats counts one run with all its patterns', () => {
    const dir = createTempRepo(
      {
        'package.json': JSON.stringify({ name: 's', private: true, type: 'module' }),
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, noEmit: true },
          include: ['src'],
        }),
        'src/index.ts': "export const n: number = 'x';\n",
        'src/b.ts': 'export const b   =  1\n',
        '.github/closed-loop.yml':
          'version: 1\nchecks:\n' +
          '  - { name: typecheck, type: type, command: "npx tsc --noEmit -p ." }\n' +
          '  - { name: format, type: lint, command: "npx prettier --check src" }\n',
      },
      { linkNodeModules: true },
    );
    // The formatting is fixed and committed; the type error needs a person.
    const first = runClosedLoop(dir);
    expect(first.status, first.stderr).toBe(3);
    const fix = git(dir, 'rev-parse', '--short=7', 'HEAD');
    expect(git(dir, 'log', '-1', '--format=%s')).toMatch(/^closed-loop: auto_fix for format-error/);
    // The run escalated, but the formatting fix worked (format passed on the next evaluation): its
    // pattern's fix succeeded. No fix was tried for the type error: it has no rate.
    expect(JSON.parse(cli(dir, 'stats', '--json').stdout)).toMatchObject({
      runs: 1,
      success_rate_by_pattern: { 'format-error': 1, 'type-error': null },
      fix_attempts_by_pattern: { 'format-error': 1, 'type-error': 0 },
      escalation_rate: 1,
    });

    writeFileSync(join(dir, 'src/index.ts'), 'export const n: number = 1;\n');
    git(dir, 'commit', '-qam', 'a person fixes the type');
    const resumed = cli(dir, 'resume');
    expect(resumed.status, resumed.stderr).toBe(0);

    const status = cli(dir, 'status');
    expect(status.stdout).toMatch(/state +SUCCESS — success/);
    expect(status.stdout).toMatch(new RegExp(`^fixes +${fix}$`, 'm'));
    expect(status.stdout).toMatch(/^resumed +the run started \S+; 2 attempt\(s\) before the resume/m);

    const stats = JSON.parse(cli(dir, 'stats', '--json').stdout) as Record<string, unknown>;
    expect(stats).toMatchObject({
      runs: 1,
      // The person, not the loop, fixed the type error: still no fix tried for it.
      success_rate_by_pattern: { 'format-error': 1, 'type-error': null },
      escalation_rate: 0,
    });
  });
});
