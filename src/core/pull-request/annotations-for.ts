import { createLocationExtractor } from '../analyze/extract-locations.js';
import type { Location } from '../diagnosis.js';
import type { LoopResult } from '../loop-result.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { clipLine, clipLines, firstLine } from '../report/truncate-text.js';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** One annotation, in the shape `@actions/core`'s error/warning/notice take (the Checks API maps 1:1). */
export interface Annotation {
  level: AnnotationLevel;
  message: string;
  title: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
}

/** GitHub shows at most this many annotations of each level per step (the rest are dropped silently). */
export const ANNOTATION_LIMITS: Readonly<Record<AnnotationLevel, number>> = {
  error: 10,
  warning: 10,
  notice: 10,
};

const MAX_TITLE = 200;
const MAX_MESSAGE = 1000;

interface Source {
  locations: Location[];
  /** The tool's message of each location, index for index (Diagnosis.messages), when one was read. */
  messages?: readonly string[] | undefined;
  /** Text whose lines name the locations: the line naming one is its message when the analyzer gave none. */
  text: string;
  fallback: string;
  title: string;
}

/**
 * Annotations at file:line for every located error of the final diagnosis, and of the last failing
 * attempt when its failure was a different one: errors while the loop has not succeeded (the earlier
 * attempt's as warnings), notices once it has (they were fixed). Deduplicated by file:line, the final
 * diagnosis first; past GitHub's per-level limits the rest are counted in one closing notice. When the
 * loop failed and nothing was located, one error without a file carries the verdict.
 */
export function annotationsFor(result: LoopResult, secrets: readonly string[] = []): Annotation[] {
  const success = result.status === 'success';
  const candidates: Annotation[] = [];
  const seen = new Set<string>();
  const add = (source: Source, level: AnnotationLevel) => {
    const lines = locatedLines(source.text);
    const said = source.messages?.length === source.locations.length ? source.messages : undefined;
    for (const [i, loc] of source.locations.entries()) {
      const key = `${loc.file}:${loc.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const message = said?.[i] || lines.get(key)?.message || source.fallback;
      candidates.push({
        level,
        title: clipLine(maskSecrets(source.title, secrets), MAX_TITLE),
        message: clipLines(maskSecrets(message, secrets), MAX_MESSAGE),
        file: maskSecrets(loc.file, secrets),
        startLine: loc.line,
        ...(loc.column === null ? {} : { startColumn: loc.column }),
      });
    }
  };

  const d = result.diagnosis;
  if (d !== null) {
    const text = d.evidence?.text ?? '';
    const what =
      d.pattern ??
      (d.category === 'unknown' ? 'unrecognised failure' : `${d.category} failure (no known pattern)`);
    // The strategy that last ran on this failure, not the one its pattern would start with.
    const ran = [...result.history]
      .reverse()
      .find(
        (a) => a.strategy_used !== null && (a.signature === d.signature || a.pattern_matched === d.pattern),
      );
    const title = `closed-loop: ${what} → ${ran?.strategy_used ?? 'no fix'}`;
    add(
      {
        locations: d.locations,
        messages: d.messages,
        text,
        fallback: firstLine(text) || `${what} (${d.category})`,
        title,
      },
      success ? 'notice' : 'error',
    );
    // A failure with no file to point at (a failing step, a build tool's summary) still shows its evidence.
    if (d.locations.length === 0 && d.evidence && !success) {
      candidates.push({
        level: 'error',
        title: clipLine(maskSecrets(title, secrets), MAX_TITLE),
        message: maskSecrets(d.evidence.text, secrets).slice(0, MAX_MESSAGE),
      });
    }
  }
  const last = [...result.history].reverse().find((a) => a.error !== null && a.error.trim() !== '');
  if (last?.error && (d === null || last.signature !== d.signature)) {
    const title = `closed-loop: ${last.pattern_matched ?? 'unrecognised failure'} → ${last.strategy_used ?? 'no fix'} (attempt ${last.attempt})`;
    const located = [...locatedLines(last.error).values()].map((l) => l.loc);
    add(
      { locations: located, text: last.error, fallback: firstLine(last.error), title },
      success ? 'notice' : 'warning',
    );
  }
  if (candidates.length === 0 && !success) {
    const why =
      result.reason ?? `${result.pattern ?? 'an unrecognised failure'} after ${result.attempts} attempt(s)`;
    candidates.push({
      level: 'error',
      title: `closed-loop: ${result.status === 'failed' ? 'dead letter' : result.status}`,
      message: clipLine(maskSecrets(why, secrets), MAX_MESSAGE),
    });
  }
  return withinLimits(candidates);
}

/** Keeps GitHub's per-level limits, with one notice (inside the notice limit) counting what was left out. */
function withinLimits(candidates: readonly Annotation[]): Annotation[] {
  const total = (level: AnnotationLevel) => candidates.filter((c) => c.level === level).length;
  const overflows = (['error', 'warning', 'notice'] as const).some(
    (level) => total(level) > ANNOTATION_LIMITS[level],
  );
  const room: Record<AnnotationLevel, number> = {
    ...ANNOTATION_LIMITS,
    notice: ANNOTATION_LIMITS.notice - (overflows ? 1 : 0),
  };
  const kept: Annotation[] = [];
  const left: Annotation[] = [];
  for (const a of candidates) {
    if (room[a.level] > 0) {
      kept.push(a);
      room[a.level] -= 1;
    } else left.push(a);
  }
  if (left.length === 0) return kept;
  const where = left
    .slice(0, 20)
    .map((a) => (a.file ? `${a.file}:${a.startLine}` : a.title))
    .join(', ');
  const more = left.length > 20 ? `, and ${left.length - 20} more` : '';
  const message = `${left.length} more located error(s) not annotated (GitHub shows ${ANNOTATION_LIMITS.error} errors, ${ANNOTATION_LIMITS.warning} warnings and ${ANNOTATION_LIMITS.notice} notices per step): ${where}${more}. The job summary has the full report.`;
  return [
    ...kept,
    {
      level: 'notice',
      title: 'closed-loop: more errors than GitHub shows',
      message: clipLine(message, MAX_MESSAGE * 2),
    },
  ];
}

/**
 * Each location named in `text` (keyed file:line), with its message: the tool's, as the analyzer reads it
 * (a frame's place takes its failure's message), else the first line naming it.
 */
function locatedLines(text: string): Map<string, { loc: Location; message: string }> {
  const extractor = createLocationExtractor();
  const out = new Map<string, { loc: Location; message: string }>();
  for (const line of text.split(/\r?\n/)) {
    for (const found of extractor.push(line)) {
      const key = `${found.file}:${found.line}`;
      const loc = { file: found.file, line: found.line, column: found.column };
      if (!out.has(key)) out.set(key, { loc, message: found.message || line.trim() });
    }
  }
  return out;
}
