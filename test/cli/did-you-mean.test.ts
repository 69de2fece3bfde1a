import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { didYouMean } from '../../src/core/config/did-you-mean.js';
import { runCli } from './run-cli.js';

/** The command's main in process (the bundle is run once below): its exit status and what it printed. */
async function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const stream = (key: 'stdout' | 'stderr') => {
    const s = new PassThrough();
    s.on('data', (chunk: Buffer) => (out[key] += chunk.toString()));
    return s;
  };
  const status = await main(args, {
    stdin: new PassThrough(),
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    cwd: process.cwd(),
  });
  await new Promise((r) => setImmediate(r));
  return { status, ...out };
}

// A mistyped command or flag is answered with the one meant, on one line, exit 2, nothing on stdout.
describe('closed-loop suggests the spelling meant', () => {
  it.each([
    [['rnu'], 'unknown command "rnu"; did you mean "run"?'],
    [['stauts'], 'unknown command "stauts"; did you mean "status"?'],
    [['anlyze', 'build.log'], 'unknown command "anlyze"; did you mean "analyze"?'],
    [['run', '--dryrun'], 'run: unknown option --dryrun; did you mean --dry-run?'],
    [['run', '-dry-run'], 'run: unknown option -dry-run; did you mean --dry-run?'],
    [['run', '--nofix'], 'run: unknown option --nofix; did you mean --no-fix?'],
    [['run', '--state_dir', 'x'], 'run: unknown option --state_dir; did you mean --state-dir?'],
    [['status', '--jsno'], 'status: unknown option --jsno; did you mean --json?'],
    [['patterns', '--confgi', 'x.yml'], 'patterns: unknown option --confgi; did you mean --config?'],
    [['--dryrun'], 'unknown option "--dryrun"; a command comes first: closed-loop run --dry-run'],
    [['--hepl'], 'unknown option "--hepl"; did you mean --help?'],
    [['patterns', 'tset', 'lint-error', 'x.log'], 'did you mean "patterns test lint-error x.log"?'],
  ])('%j', async (args, expected) => {
    const r = await cli(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`closed-loop: ${expected}`.replace('closed-loop: did', 'did'));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the bundled command, as a shell runs it', () => {
    const r = runCli(['rnu']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('closed-loop: unknown command "rnu"; did you mean "run"? (closed-loop --help)\n');
  });

  it('names the commands, and suggests nothing, when nothing is close', async () => {
    const r = await cli(['xyzzy']);
    expect(r.stderr).toBe(
      'closed-loop: unknown command "xyzzy"; the commands are run, status, stats, resume, analyze, patterns (closed-loop --help)\n',
    );
    expect((await cli(['run', '--frobnicate'])).stderr).toBe(
      'closed-loop: run: unknown option --frobnicate (see closed-loop run --help)\n',
    );
  });
});

describe('didYouMean', () => {
  it.each([
    ['rnu', ['run', 'status'], 'run'],
    ['tset', ['test'], 'test'],
    ['max_retry', ['max_retries', 'backoff'], 'max_retries'],
    ['maxRetries', ['max_retries'], 'max_retries'],
    ['lnt', ['lint', 'type', 'test'], 'lint'],
    ['xyzzy', ['run', 'status'], undefined],
    ['ab', ['ba', 'xy'], 'ba'],
    ['abcd', ['badc'], undefined], // two swaps are not one slip
  ])('%s among %j → %s', (input, candidates, expected) => {
    expect(didYouMean(input, candidates)).toBe(expected);
  });
});
