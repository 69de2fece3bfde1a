import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';
import { CATEGORIES } from '../../../src/core/vocabulary.js';
import { devDir, loadCorpus } from '../../../scripts/corpus/load-corpus.js';
import { runCorpus } from '../../../scripts/corpus/run-corpus.js';
import { score } from '../../../scripts/corpus/score.js';

// Every log is REAL tool output, some inside composed CI framing; see test/fixtures/logs/README.md.
const corpus = loadCorpus();
const dev = corpus.filter((e) => e.set === 'dev');
const pinned = dev.filter((e) => e.pinned);
const catalogue = compileCatalogue(defaultPatterns());
const floors = parse(readFileSync(join(devDir, 'floors.yml'), 'utf8')) as Record<string, number>;

describe('the corpus labels', () => {
  it.each(corpus.map((e) => [`${e.set}:${e.file}`, e] as const))(
    '%s is labelled within its log',
    (_, entry) => {
      const lines = readFileSync(entry.path, 'utf8').split('\n').length;
      expect(CATEGORIES).toContain(entry.expect.category);
      if (entry.expect.evidence) expect(entry.expect.evidence.end).toBeLessThanOrEqual(lines);
      expect(entry.expect.locations?.length ?? 0).toBeLessThanOrEqual(10);
    },
  );

  it('keeps the held-out and fresh logs apart from the dev logs and from each other', () => {
    const texts = (set: string): string[] =>
      corpus.filter((e) => e.set === set).map((e) => readFileSync(e.path, 'utf8'));
    const [held, fresh, fresh2] = [texts('held-out'), texts('fresh'), texts('fresh2')];
    // The fresh batches are recognised by their manifest names (manifest.fresh-*.yml, manifest.fresh2-*.yml),
    // not folded into held-out.
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh2.length).toBeGreaterThan(0);
    const devTexts = new Set(texts('dev'));
    expect([...held, ...fresh, ...fresh2].filter((t) => devTexts.has(t))).toEqual([]);
    const heldTexts = new Set(held);
    expect(fresh.filter((t) => heldTexts.has(t))).toEqual([]);
    const earlier = new Set([...held, ...fresh]);
    expect(fresh2.filter((t) => earlier.has(t))).toEqual([]);
  });
});

describe('the analyzer on the pinned logs (manifest.yml): exact answers', () => {
  it.each(pinned.map((e) => [e.file, e] as const))('%s', (file, entry) => {
    const d = analyzeText(catalogue, readFileSync(join(devDir, file), 'utf8'));
    expect({ pattern: d.pattern, category: d.category }).toEqual({
      pattern: entry.expect.pattern,
      category: entry.expect.category,
    });
    // A file named without a line ({file, line: 1}, no column) counts in the location figures below only.
    const placed = (entry.expect.locations ?? []).filter((l) => l.line !== 1 || l.column !== undefined);
    for (const loc of placed) {
      expect(d.locations).toContainEqual({ file: loc.file, line: loc.line, column: loc.column ?? null });
    }
    if (d.pattern !== null) {
      expect(d.evidence, 'a diagnosis shows its evidence').not.toBeNull();
      expect(d.confidence).toBeGreaterThanOrEqual(0.3);
    }
  });
});

describe('the analyzer on the whole dev corpus: figures at or above the floors (floors.yml)', () => {
  const s = score(runCorpus(dev));
  const rate = (r: { rate: number | null }): number => r.rate ?? 0;
  it.each([
    ['category accuracy', rate(s.categoryAccuracy), floors.categoryAccuracy],
    ['category accuracy on raw tool output', rate(s.rawAccuracy), floors.rawAccuracy],
    ['category accuracy in CI framing', rate(s.wrappedAccuracy), floors.wrappedAccuracy],
    ['evidence overlap', rate(s.evidenceOverlap), floors.evidenceOverlap],
    ['location precision', rate(s.locationPrecision), floors.locationPrecision],
    ['location recall', rate(s.locationRecall), floors.locationRecall],
  ])('%s', (_, got, floor) => {
    expect(floor, 'floors.yml names this figure').toBeTypeOf('number');
    expect(got).toBeGreaterThanOrEqual(floor!);
  });

  it('answers unknown for few failing logs', () => {
    expect(rate(s.unknownRate)).toBeLessThanOrEqual(floors.unknownRate!);
  });

  it('gives the same signature for the same failure on another day, path and duration', () => {
    const a = analyzeText(
      catalogue,
      "2026-01-01T10:00:00.0000000Z /tmp/a1/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'. (12ms)",
    );
    const b = analyzeText(
      catalogue,
      "2026-03-04T11:22:33.1234567Z /home/runner/work/r/r/src/x.ts(9,1): error TS2322: Type 'string' is not assignable to type 'number'. (340ms)",
    );
    expect(a.signature).toBe(b.signature);
    expect(a.signature).toMatch(/^type-error:ts:[0-9a-f]{8}$/);
  });
});
