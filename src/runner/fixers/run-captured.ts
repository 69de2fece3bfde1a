import { runCommand, type CommandResult, type RunCommandOptions } from '../exec/run-command.js';

/** Output kept in memory per command: the end is what matters for a report. */
const MAX_KEPT = 64 * 1024;

export interface CapturedRun {
  result: CommandResult;
  /** stdout and stderr interleaved, the last 64 KB. */
  output: string;
}

/** Runs a command through runCommand, keeping the tail of its output. */
export async function runCaptured(
  command: string,
  options: Omit<RunCommandOptions, 'onOutput'>,
): Promise<CapturedRun> {
  let output = '';
  const result = await runCommand(command, {
    ...options,
    onOutput: (chunk) => {
      output += chunk;
      if (output.length > 2 * MAX_KEPT) output = output.slice(-MAX_KEPT);
    },
  });
  return { result, output: output.slice(-MAX_KEPT) };
}

/** "ran X", "ran X (exit 1)", "X timed out after 60 s", "X was stopped", "X could not start: …". */
export function describeRun(command: string, { result }: CapturedRun, timeoutMs: number): string {
  if (result.timedOut) return `${command} timed out after ${Math.round(timeoutMs / 1000)} s and was stopped`;
  if (result.aborted) return `${command} was stopped (the run was cancelled)`;
  if (result.error !== null) return result.error;
  if (result.exitCode === 0) return `ran ${command}`;
  return `ran ${command} (${result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit ${result.exitCode}`})`;
}

/** The command ran to its end (whatever its exit status): not stopped, and it started. */
export function ranToEnd({ result }: CapturedRun): boolean {
  return !result.timedOut && !result.aborted && result.error === null && result.exitCode !== null;
}
