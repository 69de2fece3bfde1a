import { describe, expect, it } from 'vitest';
import { formatConfigError, parseConfig } from '../../../src/core/config/parse-config.js';

// The catalogue a config may build, checked before any signal compiles: the message names the file, the
// place and the limit, and quotes none of the oversized input.
const FILE = '.github/closed-loop.yml';
const errorLine = (text: string): string => {
  const result = parseConfig(text, FILE);
  if (result.ok) throw new Error('expected the config to be refused');
  return formatConfigError(result.error);
};
const signals = (n: number, length = 20): string[] =>
  Array.from({ length: n }, (_, i) => `err${String(i).padStart(5, '0')}${'x'.repeat(length - 8)}`);
const added = (patterns: string[][]): string =>
  'version: 1\npatterns:\n  add:\n' +
  patterns
    .map(
      (s, i) =>
        `    - id: p${i}\n      category: build\n      strategy: escalate\n      signals:\n` +
        s.map((x) => `        - ${x}`).join('\n'),
    )
    .join('\n') +
  '\n';

describe('the limits of a config catalogue', () => {
  it('accepts a catalogue at every limit', () => {
    expect(parseConfig(added(Array.from({ length: 100 }, () => signals(10, 90))), FILE).ok).toBe(true);
  });

  it('refuses a pattern of more than 100 signals, at its signals', () => {
    const text =
      'version: 1\npatterns:\n  override:\n    lint-error:\n      signals:\n' +
      signals(101)
        .map((s) => `        - ${s}`)
        .join('\n');
    expect(errorLine(text)).toBe(
      '.github/closed-loop.yml:5:7: patterns.override.lint-error.signals: 101 signals; a pattern has at most 100',
    );
  });

  it('refuses more than 1,000 signals in all, and more than 100,000 characters of them', () => {
    expect(errorLine(added(Array.from({ length: 11 }, () => signals(100))))).toBe(
      '.github/closed-loop.yml:2:1: patterns: 1100 signals in added and overridden patterns; the limit is 1000',
    );
    expect(errorLine(added(Array.from({ length: 2 }, () => signals(60, 900))))).toBe(
      '.github/closed-loop.yml:2:1: patterns: 108000 characters of signals in added and overridden patterns; the limit is 100000',
    );
  });

  it('refuses a long signal without compiling or quoting it', () => {
    const line = errorLine(added([['ok', `/${'(a|b)'.repeat(4000)}/`]]));
    expect(line).toBe(
      '.github/closed-loop.yml:9:11: patterns.add[0].signals[1]: a signal of 20002 characters; the limit is 1000; match the words that tell this failure apart, not the whole line',
    );
  });
});
