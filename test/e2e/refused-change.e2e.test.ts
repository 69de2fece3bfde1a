import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { tempRepos } from '../helpers/temp-repo.js';
import { commitsSince, git, isClean, read } from './run-helpers.js';

const repo = tempRepos();

/** `closed-loop run`, with `env` added to the user's environment. */
function run(cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, 'run'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env, NO_COLOR: '1' },
    timeout: 120_000,
  });
  return { status: r.status, stderr: r.stderr };
}

/** The run's last lines: the verdict and the brief under it. */
const brief = (stderr: string): string => stderr.slice(stderr.indexOf('⚠ escalated'));

// The safety check (VALIDATE's gates) refuses a fix's change: the summary says so, and still names
// the check the fix was for as what failed, never `validation`, and never that check as "not worked on".
describe('closed-loop run: a change refused by the safety check', () => {
  it('a secret written by the fix_command: the refusal and its reason, and a next step about the fixer', () => {
    const token = 'npm_abcdefghijklmnopqrstuvwxyz0123456789';
    const dir = repo({
      'src/a.js': 'export const a = 1;\n',
      '.github/closed-loop.yml': [
        'version: 1',
        'checks:',
        '  - name: marker',
        '    type: lint',
        `    command: "grep -q fixed src/a.js || (echo 'src/a.js:1:1: error  missing marker  marker/required'; exit 1)"`,
        `    fix_command: 'echo "// fixed $NPM_TOKEN" >> src/a.js'`,
        '',
      ].join('\n'),
    });
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = run(dir, { NPM_TOKEN: token });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).not.toContain(token);
    expect(commitsSince(dir, base)).toEqual([]);
    expect(isClean(dir)).toBe(true);

    const end = brief(r.stderr);
    expect(end).toMatch(
      /\n {2}failed {6}marker: .* at src\/a\.js:1\n {14}src\/a\.js:1:1: error +missing marker/,
    );
    expect(end).toMatch(
      /\n {2}refused {5}auto_fix's change, rolled back by the safety check \(secrets[^)]*\): src\/a\.js: adds what looks like a secret/,
    );
    expect(end).toMatch(
      /\n {2}next step {3}Find why auto_fix's change wrote a secret into src\/a\.js \(the fix_command, a script it runs, the agent\) and stop it; then fix marker yourself\./,
    );
    expect(end).not.toMatch(/failed {6}validation|also failed|not worked on|toolchain/);

    const task = /task (\S+);/.exec(r.stderr)?.[1] as string;
    expect(read(dir, `.git/closed-loop/escalation-${task}.md`)).toMatch(
      /### ❌ What failed: check `marker`\n/,
    );
  });

  it("an agent's @ts-ignore: the check worked on is what failed, with its own error, and the refusal says why", () => {
    const dir = repo({
      'src/index.ts': "export const answer: number = 'forty-two';\n",
      // A type check that reports the error (the real tsc is slow; the gate reads the change, not the check).
      'types.mjs':
        "console.log(\"src/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\");\nprocess.exit(1);\n",
      'agent.mjs':
        "import fs from 'node:fs';\nfs.writeFileSync('src/index.ts', \"// @ts-ignore\\nexport const answer: number = 'forty-two';\\n\");\n",
      '.github/closed-loop.yml': [
        'version: 1',
        'checks:',
        '  - { name: types, type: type, command: node types.mjs }',
        'agent:',
        '  command: node agent.mjs',
        '  timeout: 30',
        '',
      ].join('\n'),
    });
    const r = run(dir);
    expect(r.status, r.stderr).toBe(3);
    expect(isClean(dir), 'the @ts-ignore was rolled back').toBe(true);

    const end = brief(r.stderr);
    expect(end).toMatch(
      /\n {2}failed {6}types: type-error at src\/index\.ts:1\n {14}src\/index\.ts\(1,14\): error TS2322: Type 'string' is not assignable/,
    );
    expect(end).toMatch(
      /\n {2}refused {5}context_expand's change, rolled back by the safety check \(weakened_checks\): src\/index\.ts: adds @ts-ignore/,
    );
    expect(end).toMatch(/\n {2}tried {7}context_expand\n/);
    expect(end).not.toMatch(/failed {6}validation|also failed|not worked on/);

    const task = /task (\S+);/.exec(r.stderr)?.[1] as string;
    expect(read(dir, `.git/closed-loop/escalation-${task}.md`)).toMatch(/### ❌ What failed: check `types`/);
  });
});
