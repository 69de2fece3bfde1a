import type { Diagnosis } from '../diagnosis.js';
import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';

/**
 * The error itself, for attempt records and reports: the evidence from the first line a signal of the
 * diagnosed pattern matched, not the context lines before it (a command echo, a package manager's
 * warning). Falls back to the whole evidence, then to `fallback`.
 */
export function errorText(d: Diagnosis, catalogue: CompiledCatalogue, fallback: string): string {
  const lines = d.evidence?.text.split('\n') ?? [];
  const signals = d.pattern ? (catalogue.byId.get(d.pattern)?.signals ?? []) : [];
  const at = lines.findIndex((line) => signals.some((s) => s.test(line, line.toLowerCase())));
  if (at >= 0) return lines.slice(at).join('\n');
  return d.evidence?.text ?? fallback;
}
