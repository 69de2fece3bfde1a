import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { CLI } from '../cli/run-cli.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo } from '../helpers/temp-repo.js';
import {
  type CliRun,
  commitsSince,
  git,
  interruptRun,
  isClean,
  processAlive,
  read,
  runClosedLoop,
} from './run-helpers.js';

const TS_PROJECT = {
  'package.json': JSON.stringify({
    name: 'p',
    private: true,
    type: 'module',
    scripts: { typecheck: 'tsc --noEmit -p .' },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      // As `tsc --init` writes it. node_modules is closed-loop's own: checking all its @types made each
      // tsc run take 4-5 s of CPU instead of 1.5.
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'src/index.ts': "export const answer: number = 'forty-two';\n",
};
const config = (agent: string, extra = ''): string =>
  `version: 1\nagent:\n  command: ${agent}\n  timeout: 30\n${extra}`;

describe("closed-loop run: the loop's rules, on real repositories", () => {
  it('hands the context to the configured agent, which fixes the tree; the fix is a commit', () => {
    const dir = createTempRepo(
      {
        ...TS_PROJECT,
        '.github/closed-loop.yml': config('node agent.mjs'),
        'agent.mjs':
          "import fs from 'node:fs';\nconst ctx = JSON.parse(fs.readFileSync(process.env.CLOSED_LOOP_CONTEXT, 'utf8'));\nif (!JSON.stringify(ctx).includes('src/index.ts')) process.exit(3);\nfs.writeFileSync('src/index.ts', 'export const answer: number = 42;\\n');\n",
      },
      { linkNodeModules: true },
    );
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(0);
    expect(commitsSince(dir, base)).toEqual(['closed-loop: context_expand for type-error (attempt 2)']);
    expect(read(dir, 'src/index.ts')).toBe('export const answer: number = 42;\n');
  });

  it('escalates instead of retrying identically when the same error comes back (the same-error rule)', () => {
    const dir = createTempRepo(
      { ...TS_PROJECT, '.github/closed-loop.yml': config('node -e "0"') },
      { linkNodeModules: true },
    );
    const r = runClosedLoop(dir, ['--verbose']);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/⚠ escalated after \d attempt\(s\): Same type-error pattern/);
    const strategies = [...r.stderr.matchAll(/strategy=(\w+) result=failed/g)].map((m) => m[1]);
    expect(new Set(strategies).size, 'no strategy repeated on the same error').toBe(strategies.length);
  });

  it('rolls back a fix that makes things worse, exactly, and commits nothing', () => {
    const dir = createTempRepo(
      {
        ...TS_PROJECT,
        'package.json': JSON.stringify({
          name: 'p',
          private: true,
          type: 'module',
          scripts: { typecheck: 'tsc --noEmit -p .', test: 'node --test' },
        }),
        'src/ok.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\n",
        '.github/closed-loop.yml': config('node agent.mjs'),
        'agent.mjs':
          "import fs from 'node:fs';\nfs.writeFileSync('src/ok.test.mjs', \"import { test } from 'node:test';\\ntest('broken', () => { throw new Error('broken by the agent'); });\\n\");\nfs.writeFileSync('src/new-file.ts', 'export {};\\n');\n",
      },
      { linkNodeModules: true },
    );
    const before = read(dir, 'src/ok.test.mjs');
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.stderr).toMatch(/↺ rolled back to where the fix started: it made test fail/);
    expect(read(dir, 'src/ok.test.mjs')).toBe(before);
    expect(commitsSince(dir, base)).toEqual([]);
    expect(isClean(dir)).toBe(true);
  });

  it('refuses a fix under .github/ at validation and rolls it back', () => {
    const dir = createTempRepo(
      {
        ...TS_PROJECT,
        '.github/closed-loop.yml': config('node agent.mjs'),
        'agent.mjs':
          "import fs from 'node:fs';\nfs.mkdirSync('.github/workflows', { recursive: true });\nfs.writeFileSync('.github/workflows/ci.yml', 'on: push\\n');\n",
      },
      { linkNodeModules: true },
    );
    const r = runClosedLoop(dir);
    expect(r.stderr).toMatch(/failed validation and was rolled back: \.github\/workflows\/ci\.yml/);
    expect(isClean(dir)).toBe(true);
  });

  it('kills the whole process tree of a check that times out, and says so', () => {
    const dir = createTempRepo({
      '.github/closed-loop.yml':
        'version: 1\nchecks:\n  - { name: hang, type: custom, command: "sh -c \'sleep 31 & sleep 32\'", timeout: 1 }\nretry:\n  backoff: { initial_seconds: 0 }\n',
    });
    const r = runClosedLoop(dir);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/✗ hang \d+\.\ds \(timed out; process tree killed\)/);
    expect(r.stderr).toMatch(/hang failed: timeout/);
    expect(processAlive('sleep 31'), 'the grandchild sleep is gone').toBe(false);
    expect(processAlive('sleep 32')).toBe(false);
  });

  it('refuses a dirty tree, touching nothing, unless --allow-dirty', () => {
    const dir = createTempRepo(TS_PROJECT, { linkNodeModules: true });
    writeFileSync(join(dir, 'src/index.ts'), "export const answer: number = 'mine, uncommitted';\n");
    const r = runClosedLoop(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^closed-loop: the working tree has uncommitted changes \(src\/index\.ts\); commit or stash them, or pass --allow-dirty/,
    );
    expect(read(dir, 'src/index.ts')).toBe("export const answer: number = 'mine, uncommitted';\n");
  });

  it('with --dry-run, runs the checks and says what it would do, changing nothing', () => {
    const dir = createTempRepo(
      { ...TS_PROJECT, '.github/closed-loop.yml': config('node agent.mjs') },
      { linkNodeModules: true },
    );
    const head = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir, ['--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/typecheck failed: type-error/);
    expect(r.stdout).toMatch(/would run context_expand/);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(isClean(dir)).toBe(true);
  });

  it('with --dry-run, plans every failing check in the order a run takes them (mechanical fixes first)', () => {
    const dir = createTempRepo(
      {
        ...TS_PROJECT,
        'src/b.ts': 'export const b   =  1\n',
        '.github/closed-loop.yml':
          'version: 1\nchecks:\n' +
          '  - { name: typecheck, type: type, command: "npx tsc --noEmit -p ." }\n' +
          '  - { name: format, type: lint, command: "npx prettier --check src" }\n',
      },
      { linkNodeModules: true },
    );
    const r = runClosedLoop(dir, ['--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    // A run fixes the formatting first, then turns to the type error, which needs an agent it does not have.
    expect(r.stdout).toMatch(
      /^format failed: format-error at src\/b\.ts:1\n {2}next: would run auto_fix: npx prettier --write .*\ntypecheck failed: type-error at src\/index\.ts:1\n {2}next: would run context_expand \(no agent is configured, so a run escalates here/m,
    );
    const plan = JSON.parse(runClosedLoop(dir, ['--dry-run', '--json']).stdout) as {
      failing: string;
      failures: { check: string; diagnosis: { pattern: string }; next: { strategy: string } }[];
    };
    expect(plan.failing).toBe('format');
    expect(plan.failures.map((f) => [f.check, f.diagnosis.pattern, f.next.strategy])).toEqual([
      ['format', 'format-error', 'auto_fix'],
      ['typecheck', 'type-error', 'context_expand'],
    ]);
    expect(isClean(dir)).toBe(true);
  });

  it('places a missing package at the source that imports it, not at the test that led there', () => {
    const dir = createTempRepo({
      'package.json': JSON.stringify({
        name: 'p',
        private: true,
        type: 'module',
        scripts: { test: 'node --test' },
        dependencies: { ms: '^2.1.3' },
      }),
      'src/duration.js': "import ms from 'ms';\nexport const duration = (s) => ms(s);\n",
      'test/duration.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { duration } from '../src/duration.js';\ntest('1s', () => assert.equal(duration('1s'), 1000));\n",
    });
    const r = runClosedLoop(dir, ['--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^test failed: import-not-found at src\/duration\.js:1$/m);
  });

  // One escalated run for the two cases below: the type error needs an agent, after the formatting was fixed;
  // the config is outside the repository (--config), so the advice names that file.
  describe('an escalation after a mechanical fix, its config given with --config', () => {
    let run: { dir: string; file: string; r: CliRun };
    beforeAll(() => {
      const dir = createTempRepo(
        { ...TS_PROJECT, 'src/b.ts': 'export const b   =  1\n' },
        { linkNodeModules: true },
      );
      const elsewhere = mkdtempSync(join(tmpdir(), 'closed-loop-config-'));
      const file = join(elsewhere, 'x.yml');
      writeFileSync(
        file,
        'version: 1\nchecks:\n' +
          '  - { name: typecheck, type: type, command: "npx tsc --noEmit -p ." }\n' +
          '  - { name: format, type: lint, command: "npx prettier --check src" }\n',
      );
      run = { dir, file, r: runClosedLoop(dir, ['--config', file]) };
      return () => rmSync(elsewhere, { recursive: true, force: true });
    });
    const escalation = (dir: string): string => {
      const report = readdirSync(join(dir, '.git/closed-loop')).find((f) => f.startsWith('escalation-'));
      return read(dir, `.git/closed-loop/${report}`);
    };

    it('with --config elsewhere, the advice to set agent.command names that file', () => {
      const { dir, file, r } = run;
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toContain(
        `no agent configured for context_expand: set agent.command in ${file} or pass --agent`,
      );
      expect(r.stderr).not.toContain('.github/closed-loop.yml');
      expect(escalation(dir)).toContain(`set \`agent.command\` in ${file} or pass --agent`);
      expect(escalation(dir)).not.toContain('.github/closed-loop.yml');
    });

    it("the escalation report's guidance names the places the terminal named, for every pattern met", () => {
      const { dir, r } = run;
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/^ {2}format failed: format-error at src\/b\.ts:1$/m);
      const guidance = escalation(dir).split('### Guidance')[1] ?? '';
      expect(guidance).toMatch(/\*\*format-error\*\*: .*\n {2}- Check: `src\/b\.ts:1`/);
      expect(guidance).not.toContain('no file or line was located');
    });
  });

  it('stops on Ctrl-C: the running check is killed and the run says it was interrupted', async () => {
    const dir = createTempRepo({
      '.github/closed-loop.yml':
        'version: 1\nchecks:\n  - { name: slow, type: test, command: "sleep 33", timeout: 60 }\n',
    });
    const r = await interruptRun(dir, /attempt 1: slow/);
    expect(r.stderr).toMatch(/■ interrupted after 1 attempt\(s\)/);
    expect(r.status).toBe(130);
    expect(readdirSync(join(dir, '.git/closed-loop')).filter((f) => f.startsWith('dead-letter-'))).toEqual(
      [],
    );
    expect(processAlive('sleep 33')).toBe(false);
    // No fix was running: nothing is said to be rolled back.
    expect(r.stderr).not.toMatch(/roll/);
    // Interrupted everywhere: result.json, status, and resume continues it.
    expect(JSON.parse(read(dir, '.git/closed-loop/result.json'))).toMatchObject({
      status: 'interrupted',
      reason: 'interrupted (Ctrl-C): the running check was stopped',
    });
    const status = spawnSync(process.execPath, [CLI, 'status'], { cwd: dir, encoding: 'utf8' });
    expect(status.stdout).toMatch(
      /^state +interrupted at \S+ \(in EVALUATE\); closed-loop resume continues it$/m,
    );
    writeFileSync(
      join(dir, '.github/closed-loop.yml'),
      'version: 1\nchecks:\n  - { name: slow, type: test, command: "true", timeout: 60 }\n',
    );
    git(dir, 'commit', '-qam', 'the check is quick now');
    const resumed = spawnSync(process.execPath, [CLI, 'resume'], { cwd: dir, encoding: 'utf8' });
    expect(resumed.stderr).toMatch(/resuming task \S+ \(it was interrupted at \S+\)/);
    expect(resumed.status, resumed.stderr).toBe(0);
  });
});

describe('closed-loop run with two failing checks', () => {
  it('names both, their patterns and what happens to each, on the terminal, in status, the report and result.json', () => {
    const dir = createTempRepo({
      '.github/closed-loop.yml': [
        'version: 1',
        'checks:',
        '  - { name: slow, type: test, command: "sleep 30", timeout: 1 }',
        `  - { name: types, type: type, command: "node -e \\"console.error('src/a.ts(1,7): error TS2322: Type string is not assignable to type number.'); process.exit(2)\\"" }`,
        'retry:',
        '  backoff: { initial_seconds: 0 }',
        '',
      ].join('\n'),
    });
    const r = runClosedLoop(dir, ['--json']);
    expect(r.status, r.stderr).not.toBe(0);
    expect(r.stderr).toMatch(/slow failed: timeout/);
    expect(r.stderr).toMatch(
      /types failed too: type-error at src\/a\.ts:1; context_expand once slow is dealt with/,
    );
    const result = JSON.parse(r.stdout) as {
      failing_checks: { name: string; pattern: string | null; done: string }[];
      reports: { dead_letter: string | null; escalation: string | null };
    };
    expect(result.failing_checks.map((c) => [c.name, c.pattern])).toEqual([
      ['slow', 'timeout'],
      ['types', 'type-error'],
    ]);
    expect(result.failing_checks[1]?.done).toMatch(
      /^not worked on: the loop stopped on slow first; context_expand is its pattern's strategy$/,
    );
    // The seed's log lines are in loop.log; the terminal shows them only with --verbose.
    expect(r.stderr).not.toContain('[closed-loop] task=');
    expect(read(dir, '.git/closed-loop/loop.log')).toMatch(
      /^\[closed-loop\] task=\S+ attempt=1 pattern=timeout strategy=retry_with_backoff/m,
    );
    const report = result.reports.escalation ?? result.reports.dead_letter ?? '';
    expect(report).toContain('## Failing checks');
    expect(report).toMatch(/^- types: type-error — not worked on/m);
    const status = spawnSync(process.execPath, [CLI, 'status'], { cwd: dir, encoding: 'utf8' });
    expect(status.stdout).toMatch(/^- slow: timeout \(timed out\) — worked on: retry_with_backoff tried$/m);
    expect(status.stdout).toMatch(/^- types: type-error — not worked on/m);
  });
});

describe('closed-loop run --quiet', () => {
  it('prints only the verdict', () => {
    const dir = createTempRepo({
      '.github/closed-loop.yml': 'version: 1\nchecks:\n  - { name: ok, type: test, command: "true" }\n',
    });
    const r = runClosedLoop(dir, ['--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^✔ success after 1 attempt\(s\) in \d+\.\ds\n$/);
  });
});
