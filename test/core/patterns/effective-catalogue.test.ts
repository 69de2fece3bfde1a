import { describe, expect, it } from 'vitest';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { lineScanner, scannerBuilt } from '../../../src/core/analyze/line-scanner.js';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';

describe('effectiveCatalogue', () => {
  it('gives the same compiled catalogue for the same customisation, and another for another', () => {
    const custom = { disable: ['rate-limited'] };
    const first = effectiveCatalogue(custom);
    expect(effectiveCatalogue({ disable: ['rate-limited'] })).toBe(first);
    expect(effectiveCatalogue()).toBe(effectiveCatalogue({}));
    // A config's parsed `patterns` section when the config has none: the built-in catalogue, compiled once.
    expect(effectiveCatalogue({ add: [], override: {}, disable: [] })).toBe(effectiveCatalogue());
    expect(effectiveCatalogue({ disable: [] })).toBe(effectiveCatalogue());
    const other = effectiveCatalogue({ disable: ['disk-full'] });
    expect(other).not.toBe(first);
    expect(other.byId.has('disk-full')).toBe(false);
    expect(first.byId.has('disk-full')).toBe(true);
  });

  it('keeps no catalogue for a customisation in error: each call says what is wrong', () => {
    for (let i = 0; i < 2; i++)
      expect(() => effectiveCatalogue({ disable: ['no-such-pattern'] })).toThrow(
        /no pattern "no-such-pattern"/,
      );
  });

  it("keeps the scanner's tables with the catalogue, so a second log is scanned from its first line alike", () => {
    const catalogue = effectiveCatalogue({ disable: ['git-error'] });
    const log =
      "Run npx tsc --noEmit\nsrc/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n";
    const first = analyzeText(catalogue, log, { scanAfter: Infinity });
    lineScanner(catalogue);
    expect(scannerBuilt(catalogue)).toBe(true);
    expect(scannerBuilt(effectiveCatalogue({ disable: ['git-error'] }))).toBe(true);
    expect(analyzeText(catalogue, log)).toEqual(first);
    expect(first.pattern).toBe('type-error');
  });
});
