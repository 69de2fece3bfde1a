import { describe, expect, it } from 'vitest';
import { headerPath, parseDiffLines } from '../../../src/core/validate/parse-diff-lines.js';
import { stripJsonComments } from '../../../src/core/validate/strip-json-comments.js';

describe('parseDiffLines', () => {
  it('collects the added and removed lines per file with their line numbers, not the ---/+++ headers', () => {
    const diff = [
      'diff --git a/a.ts b/a.ts',
      'index 1..2 100644',
      '--- a/a.ts',
      '+++ b/a.ts',
      '@@ -1 +1,2 @@',
      '-old',
      '+new',
      '++ starts with plus',
      '\\ No newline at end of file',
      'diff --git a/img.png b/img.png',
      'Binary files a/img.png and b/img.png differ',
      'diff --git a/gone.ts b/gone.ts',
      'deleted file mode 100644',
      '--- a/gone.ts',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-x',
      '',
    ].join('\n');
    expect(Object.fromEntries(parseDiffLines(diff))).toEqual({
      'a.ts': {
        added: [
          { line: 1, text: 'new' },
          { line: 2, text: '+ starts with plus' },
        ],
        removed: [{ line: 1, text: 'old' }],
      },
      'img.png': { added: [], removed: [] },
      'gone.ts': { added: [], removed: [{ line: 1, text: 'x' }] },
    });
  });

  it.each([
    ['a/sp ace.txt b/sp ace.txt', 'sp ace.txt'],
    ['a/a b/a b b/a b/a b', 'a b/a b'],
    ['"a/qu\\"ote\\ttab" "b/qu\\"ote\\ttab"', 'qu"ote\ttab'],
    ['"a/\\303\\274\\"" "b/\\303\\274\\""', 'ü"'],
  ])('reads the path in %s', (header, path) => {
    expect(headerPath(header)).toBe(path);
  });
});

describe('stripJsonComments', () => {
  it.each([
    ['{"a": 1, // note\n"b": 2}', { a: 1, b: 2 }],
    ['{"a": [1, 2,], }', { a: [1, 2] }],
    ['{"url": "http://x/*y*/", "c": "a,}"}', { url: 'http://x/*y*/', c: 'a,}' }],
    ['{"a": 1, /* gone */ }', { a: 1 }],
    ['{"a": "q\\"//x"}', { a: 'q"//x' }],
  ])('%j', (text, value) => {
    expect(JSON.parse(stripJsonComments(text))).toEqual(value);
  });

  it('keeps line numbers', () => {
    const text = '{\n/* a\nb */\n"a": 1\n}';
    expect(stripJsonComments(text).split('\n')).toHaveLength(5);
  });
});
