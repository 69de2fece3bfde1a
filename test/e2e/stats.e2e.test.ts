import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { exampleRepo, git, runClosedLoop } from './run-helpers.js';

const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

describe('closed-loop stats', () => {
  it("after a fixed run and an escalated one: the seed's aggregate metrics over the repository's runs", () => {
    const dir = exampleRepo('lint-autofix');
    // A dry run with --no-fix says what such a run does (it stops where a fix would be next); it is no run.
    const dry = runClosedLoop(dir, ['--dry-run', '--no-fix']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      /^lint failed: lint-error at src\/cart\.js:3\nnext: would escalate: fixing is off \(--no-fix\): auto_fix would be next$/m,
    );
    expect(dry.stdout).not.toMatch(/would run/);
    expect(cli(dir, 'stats').stdout).toMatch(
      /^No finished run recorded in \.git\/closed-loop\/outcomes\.jsonl yet/,
    );

    const fixed = runClosedLoop(dir);
    expect(fixed.status, fixed.stderr).toBe(0); // lint and format fixed by their fixers
    // A person then pushes a type error, which nothing here can fix: escalated.
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    pkg.scripts.typecheck = 'tsc --noEmit -p .';
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, skipLibCheck: true },
        include: ['src/**/*.ts'],
      }),
    );
    writeFileSync(join(dir, 'src/total.ts'), 'export const total: number = "none";\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'a typed total');
    const escalated = runClosedLoop(dir);
    expect(escalated.status, escalated.stderr).toBe(3);

    const json = cli(dir, 'stats', '--json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      runs: 2,
      // No fix was tried on the type error (no agent): it has no success rate, not 0 %.
      success_rate_by_pattern: { 'format-error': 1, 'lint-error': 1, 'type-error': null },
      fix_attempts_by_pattern: { 'format-error': 1, 'lint-error': 1, 'type-error': 0 },
      avg_attempts_by_pattern: { 'format-error': 3, 'lint-error': 3, 'type-error': 1 },
      escalation_rate: 0.5,
      dead_letter_rate: 0,
      pre_validation_catch_rate: 0,
      most_common_pre_validation_catches: [],
    });
    const text = cli(dir, 'stats');
    expect(text.stdout).toContain('2 run(s) recorded in .git/closed-loop/outcomes.jsonl');
    expect(text.stdout).toMatch(/^escalation_rate +50%$/m);
    expect(text.stdout).toMatch(/^ {2}pattern +success_rate +fix_attempts +avg_attempts$/m);
    expect(text.stdout).toMatch(/^ {2}lint-error +100% +1 +3\.0$/m);
    expect(text.stdout).toMatch(/^ {2}type-error +– +0 +1\.0$/m);
  });
});
