import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { CheckRun } from '../runner/checks/run-check.js';
import { forEachLine } from '../runner/for-each-line.js';
import { maskOutput } from '../runner/secrets/known-secrets.js';

/** Lines of a check's output shown in its fold: the first ones (the first error) and the last ones. */
export const FOLD_HEAD = 200;
export const FOLD_TAIL = 800;
const MAX_LINE = 4000;

/**
 * One check's output as a fold of the job log: the header is the check's line (`✗ lint 0.5s`, open it
 * for the output), the body its whole output up to FOLD_HEAD + FOLD_TAIL lines (the middle of a longer
 * one is counted, not shown). Masked. The output is untrusted text: it is fenced with
 * `::stop-commands::` so no line of it runs a workflow command (`::set-output`, `::error`, `##[…]`), and
 * indented two spaces, so the problem matchers a job registers (setup-node's tsc and eslint ones) do not
 * turn its lines into annotations beside the Action's own — those are deduplicated per file:line and
 * capped; GitHub shows 10 errors a step.
 */
export async function foldCheckOutput(run: CheckRun, header: string): Promise<string> {
  const head: string[] = [];
  const tail: string[] = new Array<string>(FOLD_TAIL);
  let total = 0;
  await forEachLine(createReadStream(run.logFile), (line) => {
    const shown = line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
    if (head.length < FOLD_HEAD) head.push(shown);
    else tail[(total - FOLD_HEAD) % FOLD_TAIL] = shown; // a ring: the last FOLD_TAIL lines
    total++;
  }).catch((err: Error) => head.push(`(closed-loop could not read the check's output: ${err.message})`));
  const inTail = Math.max(0, Math.min(total - FOLD_HEAD, FOLD_TAIL));
  const start = total - FOLD_HEAD > FOLD_TAIL ? (total - FOLD_HEAD) % FOLD_TAIL : 0;
  const last = Array.from({ length: inTail }, (_, i) => tail[(start + i) % FOLD_TAIL] ?? '');
  const omitted = total - head.length - inTail;
  const ended = run.timedOut ? 'timed out' : run.aborted ? 'aborted' : `exit ${run.exitCode ?? 'by signal'}`;
  return foldLines(header, [
    `$ ${run.command}`,
    ...head,
    ...(omitted > 0 ? [`… ${omitted} line(s) not shown here …`] : []),
    ...last,
    `(${ended}; ${total} line(s) of output)`,
  ]);
}

/**
 * Lines in a fold of the job log titled `header`, masked, indented, and fenced with
 * `::stop-commands::` (see foldCheckOutput): text quoted from tools never acts on the runner.
 */
export function foldLines(header: string, lines: readonly string[]): string {
  const token = `closed-loop-${randomUUID()}`;
  return [
    `::group::${escapeData(maskOutput(header.trim()))}`,
    `::stop-commands::${token}`,
    ...lines.map((line) => `  ${maskOutput(line)}`.trimEnd()),
    `::${token}::`,
    '::endgroup::',
    '',
  ].join('\n');
}

/** A workflow command's data, escaped as @actions/core escapes it. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
