import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanLine } from '../../../src/core/analyze/clean-line.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';
import { requiredLiterals } from '../../../src/core/patterns/required-literals.js';
import { devDir } from '../../../scripts/corpus/load-corpus.js';

const digits = (prefix: string, suffix = ''): string[] =>
  '0123456789'.split('').map((d) => prefix + d + suffix);

describe('requiredLiterals', () => {
  it.each([
    [/error TS\d{4,5}:/, digits('error ts')],
    [/Cannot find module '(\S+)'/, ["cannot find module '"]],
    [/^(?:FAIL|ERROR): \w+/, ['fail', 'error']],
    [/^(×|✗)\s\S/, ['×', '✗']],
    [/(×|✗) .+ \d+ms$/, digits('', 'ms')],
    [/colou?r mismatch/i, ['r mismatch']],
    [/^(?!.*\bJSON\b).*SyntaxError/, ['syntaxerror']],
    [/^<{7} /, ['<<<<<<<']],
    [/^[^\s:]+:\d+:\d+: [A-Z]{2}\d{3}/, digits('', ': ')],
    [/\bclippy::[a-z_]+/, ['clippy::']],
    [/\\bclippy/, ['\\bclippy']],
  ])('%s requires one of %j', (regex, literals) => {
    expect(requiredLiterals(regex)).toEqual(literals);
  });

  it.each([[/^\s*\d+$/], [/^.*$/], [/(?:abc)?x*/], [/[abc]+/], [/k/iu]])(
    '%s requires no literal',
    (regex) => {
      expect(requiredLiterals(regex)).toBeNull();
    },
  );
});

// Signals added later get their literals from the same extraction; the few that have none are named
// here, since every line of every log must then be decoded and tested against them.
const WITHOUT_LITERAL: string[] = [];

describe('the default catalogue', () => {
  const catalogue = compileCatalogue(defaultPatterns());

  it('has a required literal for every signal but the marked ones', () => {
    expect(catalogue.signalsWithoutLiteral).toEqual(WITHOUT_LITERAL);
    expect(catalogue.scanLiterals?.size).toBeGreaterThan(100);
  });

  it('finds a literal of each signal in every corpus line the signal matches', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory()
          ? walk(join(dir, n))
          : /\.(log|txt)$/.test(n)
            ? [join(dir, n)]
            : [],
      );
    const signals = catalogue.patterns
      .flatMap((p) => p.signals)
      .map((s) => ({
        s,
        literals:
          requiredLiterals(s.regex ?? new RegExp(s.source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')) ?? [],
      }));
    const missed: string[] = [];
    let matches = 0;
    for (const file of walk(devDir)) {
      for (const raw of readFileSync(file, 'utf8').split('\n')) {
        const text = cleanLine(raw).text;
        const lower = text.toLowerCase();
        for (const { s, literals } of signals) {
          if (!s.test(text, lower)) continue;
          matches++;
          if (!literals.some((l) => lower.includes(l))) missed.push(`${s.source} on ${JSON.stringify(text)}`);
        }
      }
    }
    expect(matches).toBeGreaterThan(500);
    expect(missed).toEqual([]);
  });
});
