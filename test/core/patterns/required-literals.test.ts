import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
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
    [/^(?:FAIL|ERROR): \w+/, ['fail: ', 'error: ']],
    [/^(×|✗)\s\S/, ['×', '✗']],
    [/(×|✗) .+ \d+ms$/, ['× ', '✗ ']],
    [/^\S+ \d+ms$/, digits('', 'ms')],
    [/colou?r mismatch/i, ['color mismatch', 'colour mismatch']],
    // Text spelled a few ways joins the text around it: `124` alone is in versions and durations.
    [
      /exit(?:ed with)? (?:code|status) '?124\b/,
      ['exit', 'exited with'].flatMap((e) =>
        ['code', 'status'].flatMap((w) => [`${e} ${w} 124`, `${e} ${w} '124`]),
      ),
    ],
    [/requires .+ but .+ is (installed|incompatible)/, [' is installed', ' is incompatible']],
    // Too many spellings for a digit each: the digit goes after what they share (`sc`, of `sc` and ` sc`).
    [/^\s*\^-* ?SC\d{4} /, digits('sc')],
    // Past 16 spellings the run breaks where it would without them.
    [
      /ab(?:c|d)(?:e|f)(?:g|h)(?:i|j)(?:k|l)z/,
      ['c', 'd'].flatMap((c) =>
        ['e', 'f'].flatMap((e) => ['g', 'h'].flatMap((g) => ['i', 'j'].map((k) => `ab${c}${e}${g}${k}`))),
      ),
    ],
    [/^(?!.*\bJSON\b).*SyntaxError/, ['syntaxerror']],
    [/^<{7} /, ['<<<<<<<']],
    [/^[^\s:]+:\d+:\d+: [A-Z]{2}\d{3}/, digits('', ': ')],
    [/\bclippy::[a-z_]+/, ['clippy::']],
    [/\\bclippy/, ['\\bclippy']],
  ])('%s requires one of %j', (regex, literals) => {
    expect(requiredLiterals(regex)).toEqual(literals);
  });

  it('finds one of its literals in every text a regex matches, when text is spelled several ways', () => {
    const regexes = [
      /exit(?:ed with)? (?:code|status) '?124\b/,
      /colou?r mismatch/i,
      /a(?:b|c)?(?:d|e)x/,
      /(?:x|y)?z(?:1|2)/,
      /(?:foo|)bar/,
      /q(?:r|s)?t?(?:u|v)+w/,
    ];
    const piece = fc.constantFrom(
      ...['exit', 'ed with', ' ', 'code', 'status', "'", '124', 'EXIT', 'Code', 'colo', 'u', 'r mismatch'],
      ...['a', 'b', 'c', 'd', 'e', 'x', 'y', 'z', '1', '2', 'foo', 'bar', 'q', 'r', 's', 't', 'v', 'w'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (ps) => {
        const text = ps.join('');
        for (const regex of regexes)
          if (regex.test(text))
            expect(requiredLiterals(regex)!.some((l) => text.toLowerCase().includes(l))).toBe(true);
      }),
      { numRuns: 3000 },
    );
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
