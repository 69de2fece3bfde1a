import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

interface Entry {
  file: string;
  tool: string;
  expect: { pattern: string | null; category: string; locations?: { file: string; line: number; column: number | null }[] };
}

const dir = join(import.meta.dirname, '../../fixtures/logs');
const manifest = parse(readFileSync(join(dir, 'manifest.yml'), 'utf8')) as Entry[];
const catalogue = compileCatalogue(defaultPatterns());

// Every log is REAL tool output (or quoted from the tool's docs/fixtures); see test/fixtures/logs/README.md.
describe('the analyzer on real tool output', () => {
  it.each(manifest.map((e) => [e.file, e] as const))('%s', (file, entry) => {
    const d = analyzeText(catalogue, readFileSync(join(dir, file), 'utf8'));
    expect({ pattern: d.pattern, category: d.category }).toEqual({ pattern: entry.expect.pattern, category: entry.expect.category });
    for (const loc of entry.expect.locations ?? []) {
      expect(d.locations).toContainEqual({ file: loc.file, line: loc.line, column: loc.column ?? null });
    }
    if (d.pattern !== null) {
      expect(d.evidence, 'a diagnosis shows its evidence').not.toBeNull();
      expect(d.confidence).toBeGreaterThanOrEqual(0.3);
    }
  });

  it('gives the same signature for the same failure on another day, path and duration', () => {
    const a = analyzeText(catalogue, "2026-01-01T10:00:00.0000000Z /tmp/a1/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'. (12ms)");
    const b = analyzeText(catalogue, "2026-03-04T11:22:33.1234567Z /home/runner/work/r/r/src/x.ts(9,1): error TS2322: Type 'string' is not assignable to type 'number'. (340ms)");
    expect(a.signature).toBe(b.signature);
    expect(a.signature).toMatch(/^type-error:ts:[0-9a-f]{8}$/);
  });
});
