import { describe, expect, it } from 'vitest';
import type { ChangedFile } from '../../../src/core/validate/change-facts.js';
import { validateChange } from '../../../src/core/validate/validate-change.js';
import { validationPolicy } from '../../../src/core/validate/validation-policy.js';
import { ValidationResultSchema } from '../../../src/core/validate/validation-result.js';
import type { Strategy } from '../../../src/core/vocabulary.js';

/** A changed text file: its text is both the content after and the added lines. */
const file = (path: string, text = 'x\n', extra: Partial<ChangedFile> = {}): ChangedFile => ({
  path,
  status: 'modified',
  sizeBefore: 10,
  sizeAfter: Buffer.byteLength(text),
  text,
  addedLines: text.split('\n').filter((l) => l !== ''),
  ...extra,
});
const run = (files: ChangedFile[], strategy: Strategy = 'auto_fix', overrides = {}) =>
  validateChange({ strategy, files }, validationPolicy(strategy, overrides));
const gates = (files: ChangedFile[], strategy?: Strategy, overrides = {}) =>
  run(files, strategy, overrides).violations.map((v) => `${v.gate} ${v.path}`);

describe('validateChange', () => {
  it("passes a clean change and reports every gate it checked, in the seed's shape", () => {
    const result = run([file('src/a.ts', 'const a = 1;\n'), file('config.json', '{"a": 1}\n')]);
    expect(result).toEqual({
      passed: true,
      gates_checked: ['syntax', 'forbidden_paths', 'lockfiles', 'size', 'secrets'],
      violations: [],
    });
    expect(ValidationResultSchema.parse(result)).toEqual(result);
  });

  describe('syntax', () => {
    it.each([
      ['bad.json', '{\n  "a": 1,\n}\n', /^invalid JSON at line 3: /],
      ['bad.json', '{"a": ', /^invalid JSON at line 1: /],
      ['bad.yml', 'a: 1\nb: [\n', /^invalid YAML at line \d: /],
      ['dupe.yaml', 'a: 1\na: 2\n', /^invalid YAML at line 2: .*[Uu]nique/],
      ['bad.toml', 'a = 1\nb = = 2\n', /^invalid TOML at line 2: /],
      ['multi.yaml', 'a: 1\n---\nb: [\n', /^invalid YAML at line 4: Flow sequence/], // the parser points at the end of the text
    ])("%s %j fails with the parser's line", (path, text, message) => {
      const [violation] = run([file(path, text)]).violations;
      expect(violation?.gate).toBe('syntax');
      expect(violation?.message).toMatch(message);
    });

    it.each([
      ['good.json', '{"a": [1, 2]}'],
      ['tsconfig.json', '{\n  // comment\n  "compilerOptions": { "strict": true, }, /* block */\n}\n'],
      ['.vscode/settings.json', '{ "a": "// not a comment", }'],
      ['x.jsonc', '// c\n{}'],
      ['with-bom.json', '\uFEFF{}'],
      ['k8s.yaml', 'a: 1\n---\nb: 2\n'],
      ['pyproject.toml', '[project]\nname = "x"\n'],
      ['src/a.ts', 'this is { not json'],
    ])('%s parses', (path, text) => {
      expect(run([file(path, text)]).violations).toEqual([]);
    });

    it('skips deleted files and files without text (binary or over the cap)', () => {
      expect(
        gates([file('a.json', '{', { status: 'deleted' }), { ...file('b.json', '{'), text: undefined }]),
      ).toEqual([]);
    });
  });

  describe('forbidden_paths', () => {
    it.each([
      ['.github/workflows/ci.yml', true],
      ['.github/CODEOWNERS', true],
      ['docs/.github/x.md', false],
      ['src/github.ts', false],
    ])('%s forbidden: %s', (path, forbidden) => {
      expect(gates([file(path, 'a: 1\n')])).toEqual(forbidden ? [`forbidden_paths ${path}`] : []);
    });

    it("counts deleting a forbidden file too, and takes the policy's globs", () => {
      expect(gates([file('.github/x.yml', '', { status: 'deleted' })])).toEqual([
        'forbidden_paths .github/x.yml',
      ]);
      expect(gates([file('infra/main.tf')], 'auto_fix', { forbiddenPaths: ['infra/**'] })).toEqual([
        'forbidden_paths infra/main.tf',
      ]);
    });
  });

  describe('lockfiles', () => {
    const locks = [
      'package-lock.json',
      'pnpm-lock.yaml',
      'yarn.lock',
      'bun.lock',
      'bun.lockb',
      'Cargo.lock',
      'go.sum',
      'poetry.lock',
      'uv.lock',
      'packages/app/package-lock.json',
    ];
    it.each(locks)('%s only under dependency_check', (path) => {
      const text = path.endsWith('.json') ? '{}' : path.endsWith('.yaml') ? 'a: 1\n' : 'x\n';
      expect(gates([file(path, text)], 'auto_fix')).toEqual([`lockfiles ${path}`]);
      expect(gates([file(path, text)], 'dependency_check')).toEqual([]);
    });

    it('does not take a lookalike for a lockfile', () => {
      expect(gates([file('docs/yarn.lock.md')])).toEqual([]);
    });
  });

  describe('size', () => {
    const many = (n: number): ChangedFile[] => Array.from({ length: n }, (_, i) => file(`f${i}.ts`));
    it.each([
      ['50 files', many(50), []],
      ['51 files', many(51), ['size ']],
      ['5000 added lines', [file('a.ts', 'l\n'.repeat(5000))], []],
      ['5001 added lines', [file('a.ts', 'l\n'.repeat(5001))], ['size ']],
      [
        'a new file over 1 MiB',
        [
          file('big.bin', '', {
            status: 'added',
            sizeBefore: 0,
            sizeAfter: 1024 * 1024 + 1,
            text: undefined,
          }),
        ],
        ['size big.bin'],
      ],
      [
        'a file growing over 1 MiB',
        [file('big.txt', '', { sizeBefore: 100, sizeAfter: 1024 * 1024 + 1, text: undefined })],
        ['size big.txt'],
      ],
      [
        'a file already over 1 MiB changing a little',
        [file('package-lock.json', '', { sizeBefore: 3e6, sizeAfter: 3e6 + 10, text: undefined })],
        [],
      ],
      [
        'a file already over 1 MiB growing by more than 1 MiB',
        [file('dist.js', '', { sizeBefore: 3e6, sizeAfter: 5e6, text: undefined })],
        ['size dist.js'],
      ],
      ['a deleted big file', [file('big.txt', '', { status: 'deleted', sizeBefore: 5e6, sizeAfter: 0 })], []],
    ])('%s', (_, files, expected) => {
      expect(gates(files, 'dependency_check')).toEqual(expected);
    });

    it('says what the cap is', () => {
      expect(run(many(3), 'auto_fix', { maxChangedFiles: 2 }).violations[0]?.message).toBe(
        'changes 3 files; at most 2 are allowed',
      );
    });
  });

  describe('secrets', () => {
    const token = `ghp_${'Zx9'.repeat(12)}`;
    it('blocks a secret in an added line, without repeating it', () => {
      const { violations } = run([file('src/config.ts', `export const token = '${token}';\n`)]);
      expect(violations).toHaveLength(1);
      expect(violations[0]?.gate).toBe('secrets');
      expect(violations[0]?.message).toContain("export const token = '***'");
      expect(JSON.stringify(violations)).not.toContain(token);
    });

    it('does not block a key that was already in the file (only added lines count)', () => {
      expect(
        gates([
          file('test/fixtures/key.pem', `-----BEGIN RSA PRIVATE KEY-----\n${token}\n`, {
            addedLines: ['# a comment'],
          }),
        ]),
      ).toEqual([]);
    });

    it('ignores references to secrets kept elsewhere', () => {
      expect(gates([file('.npmrc', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n')])).toEqual([]);
    });
  });

  it('lists every violation of every gate at once', () => {
    const result = run([file('.github/ci.yml', 'a: [\n'), file('yarn.lock', `t ghp_${'a'.repeat(36)}\n`)]);
    expect(result.passed).toBe(false);
    expect(result.violations.map((v) => v.gate)).toEqual([
      'syntax',
      'forbidden_paths',
      'lockfiles',
      'secrets',
    ]);
  });
});
