import { describe, expect, it } from 'vitest';
import { expandBraces, matchGlob, matchesAny } from '../../../src/core/validate/match-glob.js';

describe('matchGlob', () => {
  it.each([
    ['.github/**', '.github/workflows/ci.yml', true],
    ['.github/**', '.github/CODEOWNERS', true],
    ['.github/**', '.github', true],
    ['.github/**', 'docs/.github/x', false],
    ['.github/**', '.githubx/a', false],
    ['**/*.test.ts', 'a.test.ts', true],
    ['**/*.test.ts', 'src/deep/a.test.ts', true],
    ['**/*.test.ts', '.hidden/a.test.ts', true],
    ['**/*.test.ts', 'src/a.test.tsx', false],
    ['*.md', 'README.md', true],
    ['*.md', 'docs/README.md', false],
    ['src/*', 'src/a/b.ts', false],
    ['src/**/b.ts', 'src/b.ts', true],
    ['src/**/b.ts', 'src/x/y/b.ts', true],
    ['src/**/b.ts', 'src/xb.ts', false],
    ['**', 'any/thing/at/all', true],
    ['**/mocks/**', 'src/mocks/a.ts', true],
    ['**/mocks/**', 'src/mocks', true],
    ['a**b', 'axxb', true],
    ['a**b', 'ax/xb', false],
    ['f?o.ts', 'foo.ts', true],
    ['f?o.ts', 'f/o.ts', false],
    ['*.{yml,yaml}', 'ci.yaml', true],
    ['*.{yml,yaml}', 'ci.json', false],
    ['{src,lib}/**/*.{ts,tsx}', 'lib/x/y.tsx', true],
    ['a{b,c{d,e}}', 'ace', true],
    ['a{b}', 'a{b}', true],
    ['[abc].js', 'b.js', true],
    ['[a-c].js', 'd.js', false],
    ['[!a].js', 'b.js', true],
    ['[!a].js', 'a.js', false],
    ['\\*.ts', '*.ts', true],
    ['\\*.ts', 'x.ts', false],
    ['a+b(1).ts', 'a+b(1).ts', true],
    ['**/*-client.*', 'src/api-client.ts', true],
    ['**/.env*', '.env.local', true],
    ['./src/*.ts', 'src/a.ts', true],
    ['src/*.ts', './src/a.ts', true],
    ['docs/ünï/*', 'docs/ünï/x', true],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(matchGlob(pattern, path)).toBe(expected);
  });

  it('matchesAny is true when one pattern matches', () => {
    expect(matchesAny(['*.md', '.github/**'], '.github/a.yml')).toBe(true);
    expect(matchesAny([], 'a')).toBe(false);
  });

  it('expands braces, nested ones included, and leaves a group without a comma alone', () => {
    expect(expandBraces('a{b,c{d,e}}f')).toEqual(['abf', 'acdf', 'acef']);
    expect(expandBraces('{x}')).toEqual(['{x}']);
    expect(expandBraces('no braces')).toEqual(['no braces']);
  });

  it('refuses a pattern that expands without bound', () => {
    expect(() => matchGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}', 'a')).toThrow(
      /more than 1024/,
    );
  });
});
