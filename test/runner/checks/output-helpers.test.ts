import { describe, expect, it } from 'vitest';
import { createExcerpt, EXCERPT_CHARS } from '../../../src/runner/checks/create-excerpt.js';
import { createLineSplitter } from '../../../src/runner/create-line-splitter.js';
import { logFileNames } from '../../../src/runner/checks/log-file-names.js';
import { MAX_BUFFERED_LINE } from '../../../src/runner/for-each-line.js';

const split = (pieces: string[]): string[] => {
  const lines: string[] = [];
  const splitter = createLineSplitter((l) => lines.push(l));
  for (const p of pieces) splitter.push(p);
  splitter.end();
  return lines;
};

describe('createLineSplitter', () => {
  it('splits on \\n and \\r\\n across pieces, and keeps a last line without a newline', () => {
    expect(split(['a\r\nb', 'c\n', '\nlast'])).toEqual(['a', 'bc', '', 'last']);
    expect(split(['done\n'])).toEqual(['done']);
  });

  it('cuts an endless line to its head and tail, then carries on', () => {
    const giant = `start${'x'.repeat(MAX_BUFFERED_LINE * 3)}end`;
    const lines = split([giant.slice(0, 1000), giant.slice(1000), '\nnext\n']);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBeLessThanOrEqual(MAX_BUFFERED_LINE + 3);
    expect(lines[0]).toMatch(/^startx+ … x+end$/);
    expect(lines[1]).toBe('next');
  });
});

describe('createExcerpt', () => {
  it('keeps short output whole', () => {
    const excerpt = createExcerpt();
    excerpt.push('a\n');
    excerpt.push('b\n');
    expect(excerpt.text()).toBe('a\nb\n');
  });

  it('keeps the last characters of long output, from the start of a line when one starts early enough', () => {
    const excerpt = createExcerpt();
    for (let i = 0; i < 1000; i++) excerpt.push(`line ${i}\n`);
    const text = excerpt.text();
    expect(text.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(text.length).toBeGreaterThan(EXCERPT_CHARS * 0.75);
    expect(text).toMatch(/^line \d+\n[^]*line 999\n$/);
  });

  it('keeps exactly the last characters of one endless line', () => {
    const excerpt = createExcerpt(10);
    excerpt.push('x'.repeat(50));
    excerpt.push('0123456789');
    expect(excerpt.text()).toBe('0123456789');
  });
});

describe('logFileNames', () => {
  it('makes file-safe names, unique even when two checks look alike', () => {
    expect(logFileNames(['lint', 'unit tests', 'lint/ts', 'unit-tests', '..', 'a.b_c'])).toEqual([
      'lint.log',
      'unit-tests.log',
      'lint-ts.log',
      'unit-tests-2.log',
      'check.log',
      'a.b_c.log',
    ]);
  });
});
