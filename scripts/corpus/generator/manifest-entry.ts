// One manifest entry, written as the YAML the corpus has always had (quoted strings, flow locations).
import type { CorpusCase } from './corpus-case.js';
import type { Location } from './labels.js';

export interface EntryFacts {
  /** The case's ecosystem and wrapper as resolved for this log. */
  eco: string;
  wrapper: string;
  /** The `source` provenance line, already complete. */
  source: string;
  locations: Location[];
  evidence: [number, number] | null;
}

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

export function manifestEntry(c: CorpusCase, facts: EntryFacts): string {
  const y = [
    `- file: ${c.id}.log`,
    `  tool: ${q(c.tool)}`,
    `  ecosystem: ${facts.eco}`,
    `  wrapper: ${facts.wrapper}`,
    `  source: ${q(facts.source)}`,
    '  expect:',
    `    pattern: ${c.pattern ?? 'null'}`,
    `    category: ${c.category}`,
  ];
  if (facts.locations.length) {
    y.push('    locations:');
    for (const l of facts.locations)
      y.push(`    - {file: ${q(l.file)}, line: ${l.line}, column: ${l.column ?? 'null'}}`);
  }
  if (facts.evidence) y.push(`    evidence: {start: ${facts.evidence[0]}, end: ${facts.evidence[1]}}`);
  if (c.note) y.push(`  note: ${q(c.note)}`);
  return y.join('\n');
}
