// The labels computed from a real run's output: machine paths rewritten to the CI workspace, the
// evidence range from the case's regexes, and the locations (listed by hand or read by a regex).
import type { CorpusCase } from './corpus-case.js';

export interface Location {
  file: string;
  line: number;
  column: number | null;
}

/** Rewrites the scratch directory and the machine's paths to what a CI runner's log would show. */
export function normalise(text: string, scratch: string, ws: string): string {
  return text
    .replaceAll('/tmp/cjs/node_modules', ws + '/node_modules')
    .replaceAll(scratch, ws)
    .replace(/\/tmp\/c\/[A-Za-z0-9_.-]+/g, ws)
    .replaceAll('/root/', '/home/runner/');
}

// eslint-disable-next-line no-control-regex -- ANSI and OSC escapes are exactly what is stripped here
const ANSI_AND_OSC = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;
// eslint-disable-next-line no-control-regex -- ANSI escapes are exactly what is stripped here
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** 1-based inclusive [start, end] of the evidence in `lines`, or null when the regexes match nothing. */
export function evidenceRange(lines: string[], ev: NonNullable<CorpusCase['ev']>): [number, number] | null {
  const plain = lines.map((l) => l.replace(ANSI_AND_OSC, ''));
  const test = (re: RegExp, s: string) => new RegExp(re.source, re.flags.replace('g', '')).test(s);
  if (Array.isArray(ev)) {
    const [startRe, endRe] = ev;
    const start = plain.findIndex((l) => test(startRe, l));
    if (start < 0) return null;
    let end = start;
    plain.forEach((l, i) => {
      if (i >= start && test(endRe, l)) end = i;
    });
    return [start + 1, end + 1];
  }
  const hits = plain.flatMap((l, i) => (test(ev, l) ? [i] : []));
  return hits.length ? [hits[0]! + 1, hits.at(-1)! + 1] : null;
}

/** The case's locations: listed by hand, or its `locre` over the output (first 10, no repeats). */
export function locations(text: string, c: CorpusCase, ws: string): Location[] {
  if (c.locs?.length) return c.locs.map(([file, line, column]) => ({ file, line, column }));
  if (!c.locre) return [];
  const out: Location[] = [];
  const plain = text.replace(ANSI, '');
  const flags = new Set([...c.locre.flags, 'g', 'm']);
  for (const m of plain.matchAll(new RegExp(c.locre.source, [...flags].join('')))) {
    let f = m.groups!.f!;
    for (const prefix of [ws + '/', 'file://']) if (f.startsWith(prefix)) f = f.slice(prefix.length);
    f = f.replace(/^\.\//, '');
    const col = m.groups!.c;
    const loc = {
      file: f,
      line: Number.parseInt(m.groups!.l!, 10),
      column: col ? Number.parseInt(col, 10) : null,
    };
    if (!out.some((o) => o.file === loc.file && o.line === loc.line && o.column === loc.column))
      out.push(loc);
  }
  return out.slice(0, 10);
}
