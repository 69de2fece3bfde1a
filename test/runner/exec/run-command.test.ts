import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  runCommand,
  type OutputStream,
  type RunCommandOptions,
} from '../../../src/runner/exec/run-command.js';
import { grandchildPid, isRunning, TREE_COMMAND } from './process-state.js';

const cwd = mkdtempSync(join(tmpdir(), 'closed-loop-exec-'));

/** Runs a command, collecting its output chunks with the stream each came from. */
async function run(command: string, options: Partial<RunCommandOptions> = {}) {
  const chunks: [OutputStream, string][] = [];
  const result = await runCommand(command, {
    cwd,
    timeoutMs: 10_000,
    onOutput: (chunk, stream) => {
      chunks.push([stream, chunk]);
    },
    ...options,
  });
  return { result, chunks, output: chunks.map(([, c]) => c).join('') };
}

describe('runCommand', () => {
  it('runs through the shell and reports the exit status of a failing command without throwing', async () => {
    const { result, output } = await run('echo "$((40 + 2))"; exit 3');
    expect(result).toMatchObject({ exitCode: 3, signal: null, timedOut: false, aborted: false, error: null });
    expect(output).toBe('42\n');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('streams stdout and stderr in the order they arrive, saying which is which', async () => {
    const { chunks } = await run('echo one; sleep 0.1; echo two >&2; sleep 0.1; echo three');
    expect(chunks).toEqual([
      ['stdout', 'one\n'],
      ['stderr', 'two\n'],
      ['stdout', 'three\n'],
    ]);
  });

  it('asks tools for plain text and passes the given environment over process.env', async () => {
    const { output } = await run('echo "$NO_COLOR $FORCE_COLOR $EXTRA ${HOME:+home}"', {
      env: { EXTRA: 'x' },
    });
    expect(output).toBe('1 0 x home\n');
    expect((await run('echo "$FORCE_COLOR"', { env: { FORCE_COLOR: '1' } })).output).toBe('1\n');
  });

  it('writes input to stdin, and gives an empty stdin otherwise so nothing waits for a terminal', async () => {
    expect((await run('cat', { input: 'fed\n' })).output).toBe('fed\n');
    const { result, output } = await run('cat; echo after');
    expect(result.exitCode).toBe(0);
    expect(output).toBe('after\n');
  });

  it('decodes a UTF-8 character split between two writes', async () => {
    const { output } = await run(String.raw`printf '\342\234'; sleep 0.1; printf '\223 ok\n'`);
    expect(output).toBe('✓ ok\n');
  });

  it('on timeout kills the whole process tree, grandchildren included', async () => {
    const { result, output } = await run(TREE_COMMAND, { timeoutMs: 500 });
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: true, aborted: false });
    expect(result.durationMs).toBeLessThan(5000);
    expect(isRunning(grandchildPid(output))).toBe(false);
  });

  it('on abort kills the whole process tree', async () => {
    const controller = new AbortController();
    let seen = '';
    const result = await runCommand(TREE_COMMAND, {
      cwd,
      timeoutMs: 30_000,
      signal: controller.signal,
      onOutput: (chunk) => {
        seen += chunk;
        if (seen.includes('\n')) controller.abort();
      },
    });
    expect(result).toMatchObject({ exitCode: null, timedOut: false, aborted: true });
    expect(isRunning(grandchildPid(seen))).toBe(false);
  });

  it('does not start a command whose signal is already aborted', async () => {
    const { result, chunks } = await run('echo never', { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ exitCode: null, aborted: true, durationMs: 0 });
    expect(chunks).toEqual([]);
  });

  it('sends SIGKILL after the grace period to a tree that ignores SIGTERM', async () => {
    const { result } = await run("trap '' TERM; sleep 30", { timeoutMs: 300, killGraceMs: 300 });
    expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(result.durationMs).toBeLessThan(5000);
  });

  it('kills what the shell left running in the background when it exits, instead of waiting for it', async () => {
    const { result, output } = await run('sleep 30 & echo "grandchild $!"');
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(result.durationMs).toBeLessThan(5000);
    expect(isRunning(grandchildPid(output))).toBe(false);
  });

  it('reports a command that cannot start as a result with the reason, not an exception', async () => {
    const missing = join(cwd, 'gone');
    const { result, output } = await run('echo hi', { cwd: missing });
    expect(result).toMatchObject({ exitCode: null, signal: null, timedOut: false });
    expect(result.error).toBe(`cannot run "echo hi": the directory ${missing} does not exist`);
    expect(output).toBe(`closed-loop: ${result.error}\n`);
  });

  it('pauses the output while onOutput returns a pending promise, losing and reordering nothing', async () => {
    let output = '';
    let pending = 0;
    let maxPending = 0;
    const result = await runCommand('seq 1 20000', {
      cwd,
      timeoutMs: 30_000,
      onOutput: async (chunk) => {
        output += chunk;
        maxPending = Math.max(maxPending, ++pending);
        await sleep(5);
        pending--;
      },
    });
    expect(result.exitCode).toBe(0);
    expect(output).toBe(`${Array.from({ length: 20000 }, (_, i) => i + 1).join('\n')}\n`);
    // Chunks already read when the pause began may still arrive, but the output does not run ahead.
    expect(maxPending).toBeLessThanOrEqual(2);
  });
});
