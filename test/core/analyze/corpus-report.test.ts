import { describe, expect, it } from 'vitest';
import { formatJson, formatText } from '../../../scripts/corpus/format-report.js';
import { score, type Scores } from '../../../scripts/corpus/score.js';

// A set's figures with one miss; the file name is what must not leak for held-out and fresh logs.
const withMiss = (set: string): Scores => ({
  ...score([]),
  logs: 3,
  misses: [{ file: 'go/fresh-race.log', set, expected: 'test', got: 'unknown' }],
  evidenceMisses: [{ file: 'go/fresh-race.log', expected: '61-87', got: 'none' }],
});

describe('npm run corpus: the report', () => {
  it.each(['held-out', 'fresh'])(
    'prints the %s figures but not which logs were missed, unless --show-misses',
    (set) => {
      const report = { [set]: withMiss(set) };
      const text = formatText(report, { showMisses: false });
      expect(text).toContain(`=== ${set}: 3 logs ===`);
      expect(text).toContain('misses: 1 (per-log list hidden');
      expect(text).not.toContain('fresh-race');
      expect(formatJson(report, { showMisses: false })).not.toContain('fresh-race');

      expect(formatText(report, { showMisses: true })).toContain('go/fresh-race.log — test → unknown');
      expect(formatJson(report, { showMisses: true })).toContain('go/fresh-race.log');
    },
  );

  it('lists the dev misses by file', () => {
    expect(formatText({ dev: withMiss('dev') }, { showMisses: false })).toContain(
      'go/fresh-race.log — test → unknown',
    );
  });
});
