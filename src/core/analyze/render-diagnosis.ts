import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';

const SHOWN_LOCATIONS = 5;

/** The diagnosis as a person reads it in a terminal: what failed, where, what closed-loop would do. */
export function renderDiagnosis(d: Diagnosis, pattern: Pattern | undefined, source: string): string {
  const out: string[] = [];
  if (d.pattern === null) {
    out.push(`${source}: no known failure pattern matched`);
    out.push(`  strategy    ${d.strategy} (the fallback: read the error and fix it by hand or with an agent)`);
  } else {
    out.push(`${source}: ${d.pattern} (${d.category}), confidence ${d.confidence.toFixed(2)}`);
    out.push(`  strategy    ${d.strategy}${d.retryable ? '' : ' — not retryable, needs a person'}`);
  }
  out.push(`  signature   ${d.signature}`);
  if (d.locations.length > 0) {
    const shown = d.locations.slice(0, SHOWN_LOCATIONS).map((l) => `${l.file}:${l.line}${l.column ? `:${l.column}` : ''}`);
    const more = d.locations.length > SHOWN_LOCATIONS ? ` (+${d.locations.length - SHOWN_LOCATIONS} more)` : '';
    out.push(`  where       ${shown.join(', ')}${more}`);
  }
  if (d.evidence) {
    out.push(`  evidence    log lines ${d.evidence.startLine}–${d.evidence.endLine}`);
    for (const line of d.evidence.text.split('\n')) out.push(`    │ ${line}`);
  }
  if (pattern?.suggestion) out.push(`  next step   ${pattern.suggestion}`);
  if (d.alternatives.length > 0) {
    out.push(`  also seen   ${d.alternatives.map((a) => `${a.pattern} ${a.confidence.toFixed(2)}`).join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}
