import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';

const SHOWN_LOCATIONS = 5;

/** One input of a log read from several files: where its lines start in the whole. */
export interface LogSource {
  name: string;
  firstLine: number;
  lineCount: number;
}

/** `build.log lines 3–9` for a line range of the whole log. */
function describeLines(sources: readonly LogSource[], start: number, end: number): string {
  const src = sources.find((s) => start >= s.firstLine && start < s.firstLine + s.lineCount);
  if (!src || sources.length === 1) return `log lines ${start}–${end}`;
  const off = src.firstLine - 1;
  return `${src.name} lines ${start - off}–${Math.min(end, src.firstLine + src.lineCount - 1) - off}`;
}

/**
 * The diagnosis as a person reads it in a terminal: what failed, where, what closed-loop would do. The
 * confidence figures are for machines (--json): the loop does not act on them.
 */
export function renderDiagnosis(
  d: Diagnosis,
  pattern: Pattern | undefined,
  sources: readonly LogSource[],
): string {
  const source = sources.map((s) => s.name).join(', ');
  const out: string[] = [];
  if (d.pattern === null && d.category !== 'unknown') {
    // The log's structure says what failed (a failing step, a build tool's summary); no pattern says why.
    out.push(`${source}: ${d.category} failure, no known pattern (from the failing step)`);
    out.push(
      `  strategy    ${d.strategy} (the fallback: read the evidence and fix it by hand or with an agent)`,
    );
  } else if (d.pattern === null) {
    out.push(`${source}: no known failure pattern matched`);
    out.push(
      `  strategy    ${d.strategy} (the fallback: read the error and fix it by hand or with an agent)`,
    );
  } else {
    out.push(`${source}: ${d.pattern} (${d.category})`);
    out.push(`  strategy    ${d.strategy}${d.retryable ? '' : ' — not retryable, needs a person'}`);
  }
  out.push(`  signature   ${d.signature}`);
  if (d.locations.length > 0) {
    const shown = d.locations
      .slice(0, SHOWN_LOCATIONS)
      .map((l) => `${l.file}:${l.line}${l.column ? `:${l.column}` : ''}`);
    const more =
      d.locations.length > SHOWN_LOCATIONS ? ` (+${d.locations.length - SHOWN_LOCATIONS} more)` : '';
    out.push(`  where       ${shown.join(', ')}${more}`);
  }
  if (d.evidence) {
    out.push(`  evidence    ${describeLines(sources, d.evidence.startLine, d.evidence.endLine)}`);
    for (const line of d.evidence.text.split('\n')) out.push(`    │ ${line}`);
  }
  if (pattern?.suggestion) out.push(`  next step   ${pattern.suggestion}`);
  if (d.alternatives.length > 0) {
    // No figures: the cause is picked by where it fired and what it explains, not by its signals'
    // weight, so a higher number beside a lower one would read as a contradiction (--json has them).
    out.push(
      `  also seen   ${d.alternatives.map((a) => a.pattern).join(', ')} (${d.pattern === null ? 'seen, but not where the run failed' : `ranked below ${d.pattern}: the first failing step's likeliest root cause wins`})`,
    );
  }
  return `${out.join('\n')}\n`;
}
