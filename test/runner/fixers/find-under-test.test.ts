import { describe, expect, it } from 'vitest';
import { findUnderTest } from '../../../src/runner/fixers/find-under-test.js';
import { tempRepos } from '../../helpers/temp-repo.js';

const repo = tempRepos();

describe('the function under test, followed through re-exports to its definition', () => {
  it('TS/JS: through an index.ts barrel (export { } from, export *), to the file a fix must change', () => {
    const cwd = repo({
      'src/index.ts': "export * from './text/index.js';\nexport { total as sum } from './math.js';\n",
      'src/text/index.ts': "export { slug } from './slug.js';\n",
      'src/text/slug.ts':
        "export function slug(title: string): string {\n  return title.toLowerCase().replace(/ /g, '_');\n}\n",
      'src/math.ts': 'export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\n',
      'test/slug.test.ts':
        "import { expect, test } from 'vitest';\nimport { slug, sum } from '../src/index.js';\n\ntest('s', () => expect(slug('A B')).toBe('a-b'));\n",
    });
    const found = findUnderTest(
      cwd,
      ['test/slug.test.ts'],
      "AssertionError: expected 'a_b' to be 'a-b' at slug",
    );
    expect(found).toEqual([
      {
        name: 'slug',
        file: 'src/text/slug.ts',
        line: 1,
        text: "export function slug(title: string): string {\n  return title.toLowerCase().replace(/ /g, '_');\n}",
        via: ['src/index.ts', 'src/text/index.ts'],
      },
      expect.objectContaining({ name: 'total', file: 'src/math.ts', via: ['src/index.ts'] }),
    ]);
  });

  it("Python: through a package's __init__.py (src layout)", () => {
    const cwd = repo({
      'src/clock/__init__.py': 'from clock.format import ago\n\n__all__ = ["ago"]\n',
      'src/clock/format.py':
        'import humanize\n\n\ndef ago(seconds):\n    return humanize.naturaldelta(seconds)\n',
      'tests/test_format.py':
        'from clock import ago\n\n\ndef test_minutes():\n    assert ago(120) == "2 minutes"\n',
    });
    expect(findUnderTest(cwd, ['tests/test_format.py'], null)).toEqual([
      {
        name: 'ago',
        file: 'src/clock/format.py',
        line: 4,
        text: 'def ago(seconds):\n    return humanize.naturaldelta(seconds)',
        via: ['src/clock/__init__.py'],
      },
    ]);
  });

  it('CommonJS: module.exports = require(...) and destructured requires', () => {
    const cwd = repo({
      'lib/index.js': "module.exports = require('./parse');\n",
      'lib/parse.js': 'function parse(s) {\n  return s.split(",");\n}\nmodule.exports = { parse };\n',
      'tests.js':
        "const { parse } = require('./lib');\nrequire('assert').deepStrictEqual(parse('a;b'), ['a', 'b']);\n",
    });
    expect(findUnderTest(cwd, ['tests.js'], null)).toMatchObject([
      { name: 'parse', file: 'lib/parse.js', line: 1, via: ['lib/index.js'] },
    ]);
  });
});
