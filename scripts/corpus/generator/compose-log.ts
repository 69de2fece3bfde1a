// A case's log and manifest entry from its steps' real output: the offline, deterministic half of the
// generator. The same code runs after a capture and when CI checks the committed corpus.
import { createHash } from 'node:crypto';
import type { CorpusCase } from './corpus-case.js';
import { FRAMINGS } from './framings/by-ci.js';
import { CI_NAMES, WORKSPACE, type CiName } from './framings/framing.js';
import { evidenceRange, locations } from './labels.js';
import { manifestEntry } from './manifest-entry.js';
import { PythonRandom } from './python-random.js';
import { singleStepSetup } from './setup-blocks.js';

/** One step as it ran: the command the log shows, its output (paths rewritten) and its exit code. */
export interface StepRun {
  cmd: string;
  output: string;
  rc: number;
  phase: 'install' | 'script';
}

/** How a batch frames its logs: one step (the first and `more` batches) or several (fresh, fresh2, steps). */
export type Style = 'single' | 'steps';

export interface ComposedLog {
  text: string;
  entry: string;
  /** Labels that contradict the run (a failure label on a green run, evidence that matched nothing). */
  problems: string[];
}

export const isCi = (wrapper: string): wrapper is CiName => (CI_NAMES as string[]).includes(wrapper);
export const workspaceOf = (wrapper: string) =>
  isCi(wrapper) ? WORKSPACE[wrapper] : WORKSPACE['github-actions'];

/** A step's output as lines: split on newlines, without the empty string after a final newline. */
export function outputLines(output: string): string[] {
  const lines = output.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A single step's output as its framing shows it: no trailing newlines, nothing when it is blank. */
export function framedLines(output: string): string[] {
  return output.trim() ? output.replace(/\n+$/, '').split('\n') : [];
}

/** The framing's random seed: the first 8 hex digits of the case id's SHA-1 (as the corpus was made). */
const seedOf = (id: string) => Number.parseInt(createHash('sha1').update(id).digest('hex').slice(0, 8), 16);

/**
 * `eco` and `wrapper` are the case's as resolved by its batch (`ci` already replaced by a CI name);
 * `runs` are every step that ran, in order (single style: exactly one).
 */
export function composeLog(
  c: CorpusCase,
  eco: string,
  wrapper: string,
  style: Style,
  runs: StepRun[],
): ComposedLog {
  const main = style === 'single' ? 0 : (c.steps?.length ?? 0);
  const run = runs[main]!;
  const lines = runs.map((r) => outputLines(r.output));
  let evidence = c.ev ? evidenceRange(lines[main]!, c.ev) : null;
  const locs = locations(style === 'single' ? run.output : lines[main]!.join('\n'), c, workspaceOf(wrapper));
  let text: string;
  let shift: number;
  const rnd = new PythonRandom(seedOf(c.id));
  if (isCi(wrapper) && style === 'single') {
    const framed = FRAMINGS[wrapper].single(
      c.cmd,
      framedLines(run.output),
      run.rc,
      singleStepSetup(c.setup, eco),
      rnd,
    );
    [text, shift] = [framed.text, framed.offsets[0]!];
  } else if (isCi(wrapper)) {
    const steps = runs.map((r, i) => ({ ...r, out: lines[i]!, cont: !!c.cont && i === main }));
    const framed = FRAMINGS[wrapper].steps(steps, rnd);
    [text, shift] = [framed.text, framed.offsets[main]!];
  } else if (style === 'single') {
    [text, shift] = [run.output, 0];
  } else {
    text = lines.flat().join('\n') + '\n';
    shift = lines.slice(0, main).reduce((n, l) => n + l.length, 0);
  }
  if (evidence) evidence = [evidence[0] + shift, evidence[1] + shift];
  const source = sourceLine(c, wrapper, style, runs, run.rc);
  const entry = manifestEntry(c, { eco, wrapper, source, locations: locs, evidence });
  return { text, entry, problems: problems(c, runs, run.rc, evidence, style) };
}

function sourceLine(c: CorpusCase, wrapper: string, style: Style, runs: StepRun[], rc: number): string {
  const src =
    style === 'single'
      ? `generated: ${c.cmd}`
      : `generated: steps run in order: ${runs.map((r) => r.cmd.replaceAll('\n', ' ')).join('; ')}`;
  // The provenance names the script that first wrote each kind of framing; it stays as committed.
  const composer = style === 'single' ? 'make/compose_ci.py' : 'make/compose_steps.py';
  if (isCi(wrapper))
    return `composed from: ${src} (real run, exit ${rc}); ${wrapper} framing composed by ${composer}`;
  return `${src} (exit ${rc})`;
}

function problems(c: CorpusCase, runs: StepRun[], rc: number, evidence: unknown, style: Style): string[] {
  const out: string[] = [];
  if (c.category !== 'unknown' && rc === 0) out.push(`${c.id}: exit 0 but labelled ${c.category}`);
  if (c.category !== 'unknown' && !evidence) out.push(`${c.id}: evidence regex matched nothing`);
  if (c.category === 'unknown' && (style === 'single' ? rc !== 0 : runs.some((r) => r.rc)))
    out.push(`${c.id}: a step failed but labelled unknown`);
  const setupSteps = style === 'steps' ? (c.steps?.length ?? 0) : 0;
  runs.slice(0, setupSteps).forEach((r) => {
    if (r.rc) out.push(`${c.id}: setup step \`${r.cmd}\` exited ${r.rc}`);
  });
  return out;
}
