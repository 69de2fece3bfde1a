// Figures for the analyzer on a labelled corpus: category accuracy (overall, per ecosystem, per
// wrapper), precision/recall per category, the unknown rate among failing logs, location
// precision/recall and evidence overlap.
import type { Diagnosis } from '../../src/core/diagnosis.js';
import type { LoadedEntry, LabelledLocation } from './load-corpus.js';

/** Labels list at most this many locations; the analyzer's are scored on as many. */
export const LOCATIONS_SCORED = 10;

export interface Scored {
  entry: LoadedEntry;
  diagnosis: Diagnosis;
}

export interface Ratio {
  hit: number;
  of: number;
  /** hit / of, or null when nothing was counted. */
  rate: number | null;
}

export interface Scores {
  logs: number;
  categoryAccuracy: Ratio;
  /** On logs with no CI framing around the tool (`wrapper: raw`) and with one. */
  rawAccuracy: Ratio;
  wrappedAccuracy: Ratio;
  patternAccuracy: Ratio;
  unknownRate: Ratio;
  locationPrecision: Ratio;
  locationRecall: Ratio;
  evidenceOverlap: Ratio;
  byEcosystem: Record<string, Ratio>;
  byWrapper: Record<string, Ratio>;
  byCategory: Record<string, { precision: Ratio; recall: Ratio }>;
  /** Location precision and recall per ecosystem: where places go wrong, without naming a log. */
  locationsByEcosystem: Record<string, { precision: Ratio; recall: Ratio }>;
  misses: { file: string; set: string; expected: string; got: string }[];
  evidenceMisses: { file: string; expected: string; got: string }[];
}

const ratio = (hit: number, of: number): Ratio => ({ hit, of, rate: of === 0 ? null : hit / of });

/** Same file and line; the column counts only when the label gives one. */
export function sameLocation(
  label: LabelledLocation,
  got: { file: string; line: number; column: number | null },
): boolean {
  if (label.file !== got.file || label.line !== got.line) return false;
  return label.column === undefined || label.column === null || label.column === got.column;
}

export function score(results: Scored[]): Scores {
  const tally = (key: (s: Scored) => string): Record<string, Ratio> => {
    const m: Record<string, [number, number]> = {};
    for (const s of results) {
      const k = key(s);
      const t = (m[k] ??= [0, 0]);
      t[1]++;
      if (s.diagnosis.category === s.entry.expect.category) t[0]++;
    }
    return Object.fromEntries(
      Object.entries(m)
        .sort()
        .map(([k, [h, o]]) => [k, ratio(h, o)]),
    );
  };
  const right = (s: Scored): boolean => s.diagnosis.category === s.entry.expect.category;
  const raw = results.filter((s) => s.entry.wrapper === 'raw');
  const wrapped = results.filter((s) => s.entry.wrapper !== 'raw');
  const failing = results.filter((s) => s.entry.expect.category !== 'unknown');

  const categories = new Set(results.flatMap((s) => [s.entry.expect.category, s.diagnosis.category]));
  const byCategory: Scores['byCategory'] = {};
  for (const c of [...categories].sort()) {
    const predicted = results.filter((s) => s.diagnosis.category === c);
    const expected = results.filter((s) => s.entry.expect.category === c);
    byCategory[c] = {
      precision: ratio(predicted.filter(right).length, predicted.length),
      recall: ratio(expected.filter(right).length, expected.length),
    };
  }

  const locationCounts = (subset: Scored[]): { precision: Ratio; recall: Ratio } => {
    let hitP = 0,
      ofP = 0,
      hitR = 0,
      ofR = 0;
    for (const s of subset) {
      const labels = s.entry.expect.locations ?? [];
      const got = s.diagnosis.locations.slice(0, Math.max(LOCATIONS_SCORED, labels.length));
      ofP += got.length;
      hitP += got.filter((g) => labels.some((l) => sameLocation(l, g))).length;
      ofR += labels.length;
      hitR += labels.filter((l) => s.diagnosis.locations.some((g) => sameLocation(l, g))).length;
    }
    return { precision: ratio(hitP, ofP), recall: ratio(hitR, ofR) };
  };
  const locationTotals = locationCounts(results);
  const ecosystems = [...new Set(results.map((s) => s.entry.ecosystem))].sort();
  const locationsByEcosystem = Object.fromEntries(
    ecosystems.map((e) => [e, locationCounts(results.filter((s) => s.entry.ecosystem === e))]),
  );

  const withEvidence = results.filter((s) => s.entry.expect.evidence);
  const overlaps = (s: Scored): boolean => {
    const want = s.entry.expect.evidence!;
    const got = s.diagnosis.evidence;
    return got !== null && got.startLine <= want.end && got.endLine >= want.start;
  };

  const label = (p: string | null, c: string): string => `${c}${p ? ` (${p})` : ''}`;
  return {
    logs: results.length,
    categoryAccuracy: ratio(results.filter(right).length, results.length),
    rawAccuracy: ratio(raw.filter(right).length, raw.length),
    wrappedAccuracy: ratio(wrapped.filter(right).length, wrapped.length),
    patternAccuracy: ratio(
      results.filter((s) => s.diagnosis.pattern === s.entry.expect.pattern).length,
      results.length,
    ),
    unknownRate: ratio(failing.filter((s) => s.diagnosis.category === 'unknown').length, failing.length),
    locationPrecision: locationTotals.precision,
    locationRecall: locationTotals.recall,
    evidenceOverlap: ratio(withEvidence.filter(overlaps).length, withEvidence.length),
    byEcosystem: tally((s) => s.entry.ecosystem),
    byWrapper: tally((s) => s.entry.wrapper),
    byCategory,
    locationsByEcosystem,
    misses: results
      .filter((s) => !right(s))
      .map((s) => ({
        file: s.entry.file,
        set: s.entry.set,
        expected: label(s.entry.expect.pattern, s.entry.expect.category),
        got: label(s.diagnosis.pattern, s.diagnosis.category),
      })),
    evidenceMisses: withEvidence
      .filter((s) => !overlaps(s))
      .map((s) => ({
        file: s.entry.file,
        expected: `${s.entry.expect.evidence!.start}-${s.entry.expect.evidence!.end}`,
        got: s.diagnosis.evidence
          ? `${s.diagnosis.evidence.startLine}-${s.diagnosis.evidence.endLine}`
          : 'none',
      })),
  };
}
