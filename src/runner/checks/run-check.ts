import { createWriteStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { once } from 'node:events';
import type { Check } from '../../core/config/schema.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import type { CompiledCatalogue } from '../../core/patterns/compile-catalogue.js';
import { createAnalyzer } from '../../core/analyze/create-analyzer.js';
import { withDeadline } from '../../core/analyze/with-deadline.js';
import { analysisLimitMs } from '../analysis-limit.js';
import { runCommand, type CommandResult, type OutputStream } from '../exec/run-command.js';
import { createExcerpt } from './create-excerpt.js';
import { createPrefixReader, pathsIn } from '../../core/strategies/task-prefix.js';
import type { Workspace } from '../../core/strategies/find-workspace.js';
import { relativePaths } from '../../core/report/relative-paths.js';
import { createLineSplitter } from '../create-line-splitter.js';
import { maskOutput, maskOutputDeep, registerAddMask } from '../secrets/known-secrets.js';
import { createMaskedLineWriter } from '../secrets/masked-line-writer.js';

export interface CheckRun {
  name: string;
  type: Check['type'];
  command: string;
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /**
   * In a monorepo, the workspace folder that printed each relative path the output names (by the task
   * runner's prefixes and headers): `src/a.ts` printed by `@mono/web:lint:` is `packages/web/src/a.ts`.
   */
  workspaceFiles?: ReadonlyMap<string, string>;
  /** The whole output, stdout and stderr as they arrived, plus closed-loop's own notes (timeout, abort). */
  logFile: string;
  /** The last ≤ 2000 characters of that output, for reports. */
  excerpt: string;
  /** What the analyzer made of the output; null when the check passed. */
  diagnosis: Diagnosis | null;
}

export interface RunCheckOptions {
  cwd: string;
  logFile: string;
  catalogue: CompiledCatalogue;
  signal?: AbortSignal;
  killGraceMs?: number;
  /** How long reading this check's output may take before its middle is skipped (analysisLimitMs()). */
  analysisLimitMs?: number;
  /** Each line of output as it is split (unmasked): a display's "last line" while the check runs. */
  onLine?: (line: string) => void;
  /** The monorepo's workspaces: their task runner's line prefixes are taken off before analysis. */
  workspaces?: readonly Workspace[];
}

/** Relative paths remembered per check, for the fixers: plenty for any real failure. */
const MAX_WORKSPACE_FILES = 5000;

class LogWriteError extends Error {}

/**
 * Runs one check, streaming its output to the log file, the analyzer (line by line) and the excerpt at
 * once: only the excerpt and a bounded analyzer state stay in memory, whatever the check prints.
 */
export async function runCheck(check: Check, options: RunCheckOptions): Promise<CheckRun> {
  const log = createWriteStream(options.logFile);
  let logError: Error | null = null;
  log.on('error', (err) => (logError ??= err));
  // Tools print paths under their real working directory (process.cwd() resolves symlinks, as /tmp is on
  // macOS).
  const root = await realpath(options.cwd).catch(() => options.cwd);
  // The check's command tells the analyzer which tool spoke (a bare `gofmt -l` list is a format failure).
  const clock = (): number => performance.now();
  const analyzer = withDeadline(
    createAnalyzer(options.catalogue, { root, command: check.command, clock }),
    clock,
    options.analysisLimitMs ?? analysisLimitMs(),
  );
  const excerpt = createExcerpt();
  // One splitter per stream: a stdout line must not be glued to a stderr one that arrived in between.
  // An `::add-mask::` value is registered as its line is split, before that line reaches the log.
  // A monorepo's task runner prefixes each line (`@mono/web:lint: `): the tool's own line is analysed.
  const prefixes = createPrefixReader(options.workspaces ?? []);
  const workspaceFiles = new Map<string, string>();
  const onLine = (line: string): void => {
    registerAddMask(line);
    const { text, workspace } = prefixes(line);
    if (workspace !== null && workspaceFiles.size < MAX_WORKSPACE_FILES)
      for (const path of pathsIn(text)) if (!path.startsWith('/')) workspaceFiles.set(path, workspace.dir);
    analyzer.push(text);
    options.onLine?.(line);
  };
  const splitters = { stdout: createLineSplitter(onLine), stderr: createLineSplitter(onLine) };

  const toLog = (text: string): Promise<void> | undefined => {
    if (logError || log.write(text)) return undefined;
    return once(log, 'drain').then(
      () => undefined,
      () => undefined,
    );
  };
  const masked = { stdout: createMaskedLineWriter(toLog), stderr: createMaskedLineWriter(toLog) };
  const write = (text: string, stream: OutputStream = 'stdout'): Promise<void> | undefined => {
    excerpt.push(text);
    return masked[stream].push(text);
  };
  const result = await runCommand(check.command, {
    cwd: options.cwd,
    timeoutMs: check.timeout * 1000,
    signal: options.signal,
    killGraceMs: options.killGraceMs,
    // Beside the check's log, in the state folder: the job's own summary is the loop's.
    stepSummary: options.logFile.replace(/\.log$/, '') + '.summary.md',
    onOutput: (chunk: string, stream: OutputStream) => {
      splitters[stream].push(chunk);
      return write(chunk, stream);
    },
  });
  splitters.stdout.end();
  splitters.stderr.end();
  masked.stdout.end();
  masked.stderr.end();

  // Written into the output itself so the catalogue's signals (`timed out`) see it like any tool's line.
  const note = noteFor(check, result);
  if (note) {
    write(`${note}\n`);
    analyzer.push(note);
  }
  const stopped = analyzer.stopped();
  if (stopped !== null) write(`${stopped}\n`);
  masked.stdout.end();
  log.end();
  await once(log, 'close').catch(() => undefined);
  if (logError)
    throw new LogWriteError(
      `cannot write the log of check "${check.name}" to ${options.logFile}: ${(logError as Error).message}`,
    );

  const passed = result.exitCode === 0 && !result.timedOut && !result.aborted;
  // Reports name files as the repository does: the checkout's absolute root is taken out (the log keeps it).
  const relative = (text: string): string => relativePaths(text, [root, options.cwd]);
  const diagnosis = passed ? null : maskOutputDeep(analyzer.finish());
  return {
    name: check.name,
    type: check.type,
    command: check.command,
    passed,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    aborted: result.aborted,
    durationMs: result.durationMs,
    logFile: options.logFile,
    ...(workspaceFiles.size > 0 ? { workspaceFiles } : {}),
    excerpt: relative(maskOutput(excerpt.text())),
    diagnosis: diagnosis?.evidence
      ? { ...diagnosis, evidence: { ...diagnosis.evidence, text: relative(diagnosis.evidence.text) } }
      : diagnosis,
  };
}

/** What closed-loop itself has to say about how the command ended, when the output cannot say it. */
function noteFor(check: Check, result: CommandResult): string | null {
  const prefix = `closed-loop: check "${check.name}"`;
  if (result.timedOut) return `${prefix} timed out after ${check.timeout} s; the process tree was killed`;
  if (result.aborted) return `${prefix} was aborted before it finished; the process tree was killed`;
  if (result.signal !== null && result.error === null) return `${prefix} ended by signal ${result.signal}`;
  return null;
}
