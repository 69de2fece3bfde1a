import { matchesAny } from './match-glob.js';
import type { DiffLine } from './parse-diff-lines.js';
import type { WeakeningPolicy } from './weakening-policy.js';
import type { Violation } from './validation-result.js';

/** Spaces do not make a line new: a re-indented or moved line is the same line. */
const normaliseLine = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** How many times each normalised text occurs among `lines`. */
export function textCounts(lines: readonly DiffLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { text } of lines) counts.set(normaliseLine(text), (counts.get(normaliseLine(text)) ?? 0) + 1);
  return counts;
}

/** The lines whose text is not matched, one for one, by a line in `other` (consumed as it matches). */
export function unmatched(lines: readonly DiffLine[], other: Map<string, number>): DiffLine[] {
  return lines.filter(({ text }) => {
    const left = other.get(normaliseLine(text)) ?? 0;
    if (left > 0) other.set(normaliseLine(text), left - 1);
    return left === 0;
  });
}

/** Whether `rule` is relaxed for `path` by the config's allow list. */
export function allowed(policy: WeakeningPolicy, rule: string, path: string): boolean {
  return policy.allow.some(
    (a) => (a.rules.includes(rule) || a.rules.includes('*')) && matchesAny(a.paths, path),
  );
}

const MAX_QUOTED = 3;

/** `line 12: \`it.skip(…)\`` for each line (the first few), so a person sees exactly what was refused. */
export function quoteLines(lines: readonly DiffLine[], side: 'added' | 'removed'): string {
  const quoted = lines.slice(0, MAX_QUOTED).map(({ line, text }) => {
    const clean = text.trim().replace(/`/g, "'");
    return `${side === 'removed' ? 'old ' : ''}line ${line}: \`${clean.length > 100 ? `${clean.slice(0, 99)}…` : clean}\``;
  });
  const more = lines.length - MAX_QUOTED;
  return quoted.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** One violation of the gate, naming the rule so that a person can relax it knowingly. */
export function weakened(path: string, rule: string, does: string, detail: string): Violation {
  return { gate: 'weakened_checks', path, message: `${does} [${rule}]: ${detail}` };
}
