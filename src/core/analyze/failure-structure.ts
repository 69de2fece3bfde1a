import type { Category } from '../vocabulary.js';
import type { CleanLine } from './clean-line.js';
import { TOOLS } from '../patterns/tools/index.js';
import { categoryOfCommand } from './command-category.js';

/**
 * The structure of a log, before any words: where a CI step (a command) starts, and which lines say
 * that something failed — the CI's own "exited with N" and the build tool's failure summary. The
 * diagnosis is anchored on the step that failed, so setup noise in green steps explains nothing.
 *
 * Each shape is gated by a literal substring first (cheap, and ready for a byte-level prefilter).
 */

/** A line saying the run or a tool failed; `command` is what failed when the line names it. */
export interface FailureMark {
  /** `ci` marks close a step (GitHub `##[error]`, Travis `exited with`); `tool` marks are summaries. */
  level: 'ci' | 'tool';
  command: string | null;
  /** The category the failing goal, task or script implies, when it does. */
  category: Category | null;
}

const BUILDKITE_HEADER = /^(?:\+\+\+|---) (?::[\w-]+: ?|[A-Z][a-z]+ )[^\t/]*$/;

/** The command a new CI step runs, or null when the line starts no step. */
export function stepStart(line: CleanLine): string | null {
  const { text, kind } = line;
  if (kind === 'group') return text.startsWith('Run ') ? text.slice(4) : null;
  // Azure Pipelines: `##[section]Starting: npm test` (cleanLine calls it a command).
  if (kind === 'command' && text.startsWith('Starting: ')) return text.slice(10);
  // GitLab: `section_start:1700000000:step_script\r` then the echoed `$ command` (below).
  // Jenkins: `[Pipeline] { (Test)` opens a stage.
  if (text.startsWith('[Pipeline] { (')) return text.slice(14, -1);
  if (text.startsWith('section_start:')) return text.replace(/^section_start:\d+:/, '');
  // Travis, GitLab and CircleCI echo each command as `$ command`; Buildkite marks sections with `--- `/`+++
  // `.
  if (text.startsWith('$ ') && text.length > 2) return text.slice(2);
  // A diff's `+++ b/file` or `+++ /path\t(date)` is no section: a header is words, not a path.
  if (
    text.startsWith('~~~ ') ||
    ((text.startsWith('+++ ') || text.startsWith('--- ')) && BUILDKITE_HEADER.test(text))
  )
    return text.slice(4);
  return null;
}

const ci = (command: string | null = null): FailureMark => ({
  level: 'ci',
  command,
  category: command ? categoryOfCommand(command) : null,
});
const tool = (
  command: string | null,
  category: Category | null = command ? categoryOfCommand(command) : null,
): FailureMark => ({ level: 'tool', command, category });

/** What this line says failed, or null; `summaries`: false when no tool's summary literal is in it. */
export function failureMark(line: CleanLine, summaries = true): FailureMark | null {
  const { text, kind } = line;
  if (kind === 'error') {
    // GitHub `##[error]Process completed with exit code 1.`; Azure `##[error]Bash exited with code '1'.`
    return /exit(?:ed with)? code '?[1-9]/.test(text) || text.includes('exited with code')
      ? ci()
      : tool(null, null);
  }
  if (text.includes('exited with ')) {
    // Travis: `The command "npm test" exited with 1.`, and in install phases `… failed and exited with 1
    // during .`
    const travis = /^The command "(.+)" (?:failed and )?exited with ([1-9]\d*)(?:\.| during .*)$/.exec(text);
    if (travis) return ci(travis[1] as string);
  }
  if (text.startsWith('ERROR: Job failed') || text.startsWith('Finished: FAILURE')) return ci(); // GitLab, Jenkins
  if (text.includes('Exited with code') && /^Exited with code (?:exit status )?[1-9]/.test(text)) return ci(); // CircleCI
  if (text.includes('script returned exit code') && /ERROR: script returned exit code [1-9]/.test(text))
    return ci(); // Jenkins
  if (
    text.includes('The command exited with status') &&
    /Error: The command exited with status [1-9]/.test(text)
  )
    return ci(); // Buildkite
  return summaries ? toolMark(text) : null;
}

/** How the tools sum up that they failed (src/core/patterns/tools), in the tools' order. */
const SUMMARIES = TOOLS.flatMap((t) => t.summaries ?? []);

function toolMark(text: string): FailureMark | null {
  for (const summary of SUMMARIES) {
    if (!summary.literals.some((l) => text.includes(l))) continue;
    const found = summary.read(text, categoryOfCommand);
    if (found) return tool(found.command, found.category);
  }
  return null;
}

/**
 * The literals of the lines that start a step or say that it failed (the byte scanner skips lines with none
 * of them): the shapes above, and the tools' summaries.
 */
export const STRUCTURE_LITERALS: readonly string[] = [
  '[pipeline]',
  'section_start:',
  '$ ',
  '~~~ ',
  '+++ ',
  '--- ',
  'starting: ',
  'exit',
  'error',
  'finished: failure',
];

/** The literals of the tools' summaries: toolMark reads no line without one. */
export const SUMMARY_LITERALS: readonly string[] = SUMMARIES.flatMap((s) => s.literals);
