import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { getProjectEnv } from './project-env.js';
import { commandEnv } from './withheld-env.js';
import { DEFAULT_KILL_GRACE_MS, isGroupAlive, killProcessGroup, trackGroup } from './kill-process-group.js';

export type OutputStream = 'stdout' | 'stderr';

export interface RunCommandOptions {
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Added to (and overriding) process.env and the no-colour defaults. */
  env?: Record<string, string>;
  /**
   * The environment to start from instead of all of process.env (the agent's allow-list). Either way the
   * variables the run withholds (withheld-env.ts) are left out of it.
   */
  baseEnv?: Record<string, string>;
  /**
   * Written to the command's stdin, which is then closed; without it stdin is empty (nothing waits for a
   * TTY).
   */
  input?: string;
  /**
   * Each decoded chunk of stdout and stderr, in the order they are read. They are two pipes, as in any CI
   * runner: when a tool writes to both at once, which comes first is decided by chunk, not by line. Returning
   * a promise pauses the command's
   * output until it settles: a log file slower than the tool must not make the output pile up in memory.
   */
  onOutput?: (chunk: string, stream: OutputStream) => void | Promise<void>;
  /** Between SIGTERM and SIGKILL when the tree is killed. */
  killGraceMs?: number;
  /**
   * The command's own GITHUB_STEP_SUMMARY file. Without it the command gets none: tools that write a
   * job summary themselves (vitest does, on every run) must not push the loop's verdict down the job's.
   */
  stepSummary?: string;
}

export interface CommandResult {
  /** null when the shell ended by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Why the command could not start (no shell, no such directory), also sent through onOutput; else null. */
  error: string | null;
}

/** Tools print plain text when they are told not to colour it; ANSI codes only get in the analyzer's way. */
const PLAIN_OUTPUT = { FORCE_COLOR: '0', NO_COLOR: '1' };

/**
 * Runs a user's command through `/bin/sh -c` as the leader of its own process group, so that on timeout,
 * abort, or when the shell exits leaving background processes behind, the WHOLE tree is killed (SIGTERM,
 * then SIGKILL after the grace period). Never throws: a failing command is a result, and a command that
 * cannot start is a result with exitCode null and `error` set — a check loop then reports it like any
 * other failed check instead of needing a catch at every call. Processes that leave the group on
 * purpose (setsid, daemons) are beyond its reach. Leading its own group also means a terminal's Ctrl-C
 * does not reach the command: the driver turns SIGINT into an abort of `signal`.
 */
export function runCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  if (options.signal?.aborted) {
    return Promise.resolve({
      exitCode: null,
      signal: null,
      timedOut: false,
      aborted: true,
      durationMs: 0,
      error: null,
    });
  }
  return new Promise((resolve) => {
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let killing: Promise<void> | null = null;
    const env: NodeJS.ProcessEnv = {
      ...commandEnv(options.baseEnv ?? process.env),
      ...PLAIN_OUTPUT,
      ...(options.baseEnv ? {} : getProjectEnv()),
      ...options.env,
    };
    delete env.GITHUB_STEP_SUMMARY;
    if (options.stepSummary !== undefined) env.GITHUB_STEP_SUMMARY = options.stepSummary;
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env,
      detached: true,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const pgid = child.pid;
    const forget = pgid === undefined ? () => false : trackGroup(pgid);
    const kill = (): void => {
      if (killing === null && pgid !== undefined)
        killing = killProcessGroup(pgid, options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const paused = new Set<Promise<void>>();
    const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
    const deliver = (text: string, stream: OutputStream): void => {
      if (text === '' || !options.onOutput) return;
      const wait = options.onOutput(text, stream);
      if (!wait) return;
      paused.add(wait);
      for (const s of streams) s.pause();
      const done = (): void => {
        paused.delete(wait);
        if (paused.size === 0) for (const s of streams) s.resume();
      };
      wait.then(done, done);
    };
    const read = (stream: Readable | null, name: OutputStream): void => {
      if (!stream) return;
      const decoder = new StringDecoder('utf8'); // one per stream: a character may straddle two chunks
      stream.on('data', (bytes: Buffer) => deliver(decoder.write(bytes), name));
      stream.on('end', () => deliver(decoder.end(), name));
    };
    read(child.stdout, 'stdout');
    read(child.stderr, 'stderr');
    if (child.stdin) {
      child.stdin.on('error', () => {}); // EPIPE: the command did not read its input, which is its business
      child.stdin.end(options.input);
    }

    const settle = async (
      result: Omit<CommandResult, 'durationMs' | 'timedOut' | 'aborted'>,
    ): Promise<void> => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (killing) await killing;
      forget();
      resolve({ ...result, timedOut, aborted, durationMs: elapsed() });
    };
    // The shell is gone: whatever it left running in its group (`server &`) is an orphan and holds the
    // output pipes open, so 'close' would wait for it. Kill it.
    child.on('exit', () => {
      if (pgid !== undefined && isGroupAlive(pgid)) kill();
    });
    child.on('close', (code, signal) => void settle({ exitCode: code, signal, error: null }));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (pgid !== undefined) return; // a kill that failed: the 'close' event still comes
      const error = !existsSync(options.cwd)
        ? `cannot run "${command}": the directory ${options.cwd} does not exist`
        : `cannot run "${command}": /bin/sh could not be started (${err.code ?? err.message})`;
      deliver(`closed-loop: ${error}\n`, 'stderr');
      void settle({ exitCode: null, signal: null, error });
    });
  });
}
