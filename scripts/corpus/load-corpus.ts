// The labelled failure-log corpus (test/fixtures/logs and the held-out test/fixtures/logs-heldout):
// one manifest per ecosystem (`manifest.<ecosystem>.yml`) plus the original `manifest.yml`, whose
// entries are the pinned set the analyzer answers exactly.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface LabelledLocation {
  file: string;
  line: number;
  column?: number | null;
}

export interface CorpusEntry {
  file: string;
  tool: string;
  ecosystem: string;
  wrapper: string;
  source: string;
  expect: {
    pattern: string | null;
    category: string;
    locations?: LabelledLocation[];
    /** 1-based, inclusive: the lines a person points to as "why it failed". Absent for green runs. */
    evidence?: { start: number; end: number };
  };
  note?: string;
}

export interface LoadedEntry extends CorpusEntry {
  /** `dev` logs may be read and tuned on; `held-out`, `fresh` and `fresh2` ones only scored. */
  set: CorpusSet;
  /** In the original manifest.yml: the analyzer must answer these exactly. */
  pinned: boolean;
  /** Absolute path of the log. */
  path: string;
}

export const corpusRoot = join(import.meta.dirname, '../../test/fixtures');
export const devDir = join(corpusRoot, 'logs');
export const heldOutDir = join(corpusRoot, 'logs-heldout');

/**
 * `fresh` and `fresh2`: later held-out batches (`manifest.fresh-<ecosystem>.yml`,
 * `manifest.fresh2-<ecosystem>.yml` in the held-out folder), each labelled before anyone scored it, so a
 * change to the analyzer can be checked on logs nobody has tuned on. `fresh2` was written after the
 * tuning that `fresh`'s aggregate figures guided, so it is the honest one for that tuning.
 */
export const CORPUS_SETS = ['dev', 'held-out', 'fresh', 'fresh2'] as const;
export type CorpusSet = (typeof CORPUS_SETS)[number];
/** The sets whose per-log misses stay hidden unless asked for: reading them is how tuning starts. */
export const HIDDEN_SETS: readonly CorpusSet[] = ['held-out', 'fresh', 'fresh2'];

/** A held-out manifest's batch, from its name: `manifest.fresh2-go.yml` → `fresh2`. */
function heldOutSet(manifest: string): CorpusSet {
  const batch = /^manifest\.(fresh2?)-/.exec(manifest)?.[1];
  return (batch as CorpusSet | undefined) ?? 'held-out';
}

const REQUIRED = ['file', 'tool', 'ecosystem', 'wrapper', 'source'] as const;

function loadDir(dir: string, set: 'dev' | 'held-out'): LoadedEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => /^manifest(\.[a-z0-9-]+)?\.yml$/.test(n))
      .sort();
  } catch {
    return [];
  }
  const out: LoadedEntry[] = [];
  for (const name of names) {
    const entries = parse(readFileSync(join(dir, name), 'utf8')) as CorpusEntry[] | null;
    for (const [i, e] of (entries ?? []).entries()) {
      const where = `${join(dir, name)} entry ${i + 1}${e?.file ? ` (${e.file})` : ''}`;
      for (const key of REQUIRED)
        if (!e?.[key])
          throw new Error(`${where}: missing '${key}'; add it (see test/fixtures/logs/README.md)`);
      if (!e.expect?.category) throw new Error(`${where}: missing 'expect.category'`);
      const ev = e.expect.evidence;
      if (e.expect.category !== 'unknown' && !ev)
        throw new Error(`${where}: a failing log needs 'expect.evidence: {start, end}'`);
      if (ev && !(ev.start >= 1 && ev.end >= ev.start))
        throw new Error(`${where}: evidence must be 1 <= start <= end, got ${JSON.stringify(ev)}`);
      out.push({
        ...e,
        set: set === 'held-out' ? heldOutSet(name) : set,
        pinned: name === 'manifest.yml' && set === 'dev',
        path: join(dir, e.file),
      });
    }
  }
  return out;
}

export function loadCorpus(): LoadedEntry[] {
  return [...loadDir(devDir, 'dev'), ...loadDir(heldOutDir, 'held-out')];
}
