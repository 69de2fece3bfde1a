import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoopResult } from '../../src/core/loop-result.js';
import { CLI } from '../cli/run-cli.js';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { runClosedLoop } from './run-helpers.js';

const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
const readResult = (dir: string): LoopResult =>
  JSON.parse(readFileSync(join(dir, '.git/closed-loop/result.json'), 'utf8')) as LoopResult;

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
          compilerOptions: { strict: true, noEmit: true, skipLibCheck: true },
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
    // The CLI's escalation report names the context by its real path on disk, and the CLI's way on.
    const task = /task (\S+);/.exec(first.stderr)?.[1] ?? '';
    const escalation = readFileSync(join(dir, `.git/closed-loop/escalation-${task}.md`), 'utf8');
    expect(escalation).toContain(`the context is in .git/closed-loop/context-${task}.md`);
    expect(escalation).toContain(
      '1. **Fix manually and retry**: fix it, commit, then `closed-loop resume` (on a pull request: push the fix; CI runs the loop again).',
    );

    writeFileSync(join(dir, 'src/index.ts'), 'export const n: number = 1;\n');
    git(dir, 'commit', '-qam', 'a person fixes the type');
    const resumed = cli(dir, 'resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming task ${task}`);
    // The run's attempts: the one before the resume and the one since.
    expect(resumed.stderr).toMatch(/✔ success after 2 attempt\(s\) \(1 since the resume\)/);
    expect(resumed.stderr).toMatch(
      /earlier reports kept as \.git\/closed-loop\/attempts-\S+\.before-resume-\S+\.md, \.git\/closed-loop\/escalation-/,
    );
    expect(cli(dir, 'resume', '--task', 'other').stderr).toMatch(/--task is not an option here/);
    expect(cli(dir, 'resume').stderr).toMatch(/is already done/);
  });

  it('resume continues the same run: status, result.json and stats keep what came before it (fix commits, attempts, patterns)', () => {
    const dir = createTempRepo(
      {
        'package.json': JSON.stringify({ name: 's', private: true, type: 'module' }),
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, noEmit: true, skipLibCheck: true },
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
    const start = git(dir, 'rev-parse', 'HEAD');
    // The formatting is fixed and committed; the type error needs a person.
    const first = runClosedLoop(dir);
    expect(first.status, first.stderr).toBe(3);
    const fix = git(dir, 'rev-parse', '--short=7', 'HEAD');
    expect(git(dir, 'log', '-1', '--format=%s')).toMatch(/^closed-loop: auto_fix for format-error/);
    const before = readResult(dir);
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
    expect(resumed.stderr).toMatch(
      /✔ success after 3 attempt\(s\) \(1 since the resume\) in .*; 1 fix commit\(s\): /,
    );

    // result.json is the whole run's, as status and stats are: the fix commit made before the resume, every
    // attempt, from the run's first start (the time a person took in between is no part's).
    const result = readResult(dir);
    expect(result.status).toBe('success');
    expect(result.fix_commits).toEqual(before.fix_commits);
    expect(result.fix_commits).toMatchObject([{ attempt: 2, strategy: 'auto_fix', pattern: 'format-error' }]);
    expect(result.fix_commits[0]?.sha.slice(0, 7)).toBe(fix);
    expect(result.attempts).toBe(3);
    expect(result.strategies).toEqual(['auto_fix']);
    expect(result.head.start).toBe(start);
    expect(result.started_at).toBe(before.started_at);
    expect(result.duration_ms).toBeGreaterThan(before.duration_ms);
    expect(result.duration_ms).toBeLessThan(Date.parse(result.finished_at) - Date.parse(before.started_at));

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
