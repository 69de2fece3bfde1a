// The real runs behind a committed log, read back from the log itself. The log holds every line each
// step printed; `recorded-runs.json` beside the manifests holds what the log alone does not say: how
// many lines each shown step printed and its exit code. With both, a log and its manifest entry can be
// composed again offline and compared byte for byte (see check-corpus.ts).
import { readFileSync } from 'node:fs';
import { composeLog, framedLines, isCi, outputLines, type StepRun, type Style } from './compose-log.js';
import type { CorpusCase } from './corpus-case.js';
import { blockOutput, stepPlan } from './step-plan.js';

/** Per step that the log shows, in order: [lines of output, exit code]. */
export type RunRecord = [lines: number, rc: number][];

/** A placeholder line: noncharacters, which no tool prints. */
const token = (step: number, line: number) => `\uFDD0${step}.${line}\uFDD1`;

/** The case's steps with `record`'s line counts as placeholder lines (setup blocks as captured). */
function placeholderRuns(c: CorpusCase, style: Style, record: RunRecord): StepRun[] {
  return stepPlan(c, style).map((p, i) => {
    const [lines, rc] = record[i] ?? [0, 0];
    if (p.block) return { cmd: p.cmd, phase: p.phase, rc, output: blockOutput(p.block) };
    const out = Array.from({ length: lines }, (_, j) => token(i, j));
    return { cmd: p.cmd, phase: p.phase, rc, output: out.length ? out.join('\n') + '\n' : '' };
  });
}

/**
 * The steps' real output, taken from `log` where the framing composed with placeholders puts each
 * step's lines. Throws when the log's lines outside the steps' output are not the framing's.
 */
export function runsFromLog(
  c: CorpusCase,
  eco: string,
  wrapper: string,
  style: Style,
  log: string,
  record: RunRecord,
): StepRun[] {
  const shape = placeholderRuns(c, style, record);
  // A raw single step: the log is the output, byte for byte (a missing final newline included).
  if (style === 'single' && !isCi(wrapper)) return [{ ...shape[0]!, output: log }];
  const composed = composeLog(c, eco, wrapper, style, shape).text.split('\n');
  const actual = log.split('\n');
  if (composed.length !== actual.length)
    throw new Error(`${c.id}: the log has ${actual.length} lines, its recorded runs make ${composed.length}`);
  const outputs = shape.map(() => [] as string[]);
  composed.forEach((line, n) => {
    const m = /\uFDD0(\d+)\.(\d+)\uFDD1/.exec(line);
    if (!m) return;
    const [before, after] = [line.slice(0, m.index), line.slice(m.index + m[0].length)];
    const real = actual[n]!;
    if (!real.startsWith(before) || !real.endsWith(after) || real.length < before.length + after.length)
      throw new Error(
        `${c.id}: line ${n + 1} of the log is not where the framing puts step ${m[1]}'s output`,
      );
    outputs[Number(m[1])]![Number(m[2])] = real.slice(before.length, real.length - after.length);
  });
  return shape.map((s, i) =>
    s.output.includes('\uFDD0')
      ? { ...s, output: outputs[i]!.length ? outputs[i]!.join('\n') + '\n' : '' }
      : s,
  );
}

/** `recorded-runs.json` in the dev or the held-out folder: case id → its RunRecord. */
export type RunRecords = Record<string, RunRecord>;

export function readRecords(file: string): RunRecords {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunRecords;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file}: not valid JSON (${(e as Error).message}); restore it from git or re-capture`);
  }
}

/** One case a line, sorted by id, so a re-capture shows as a one-line diff. */
export function formatRecords(records: RunRecords): string {
  const lines = Object.keys(records)
    .sort()
    .map((id) => `  ${JSON.stringify(id)}: ${JSON.stringify(records[id])}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** A run's record: each step's exit code and how many lines of its output the log shows. */
export function recordOf(style: Style, runs: StepRun[]): RunRecord {
  return runs.map((r) => [(style === 'single' ? framedLines(r.output) : outputLines(r.output)).length, r.rc]);
}
