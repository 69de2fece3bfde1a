import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FOLD_HEAD, FOLD_TAIL, foldCheckOutput, foldLines } from '../../src/action/fold-check-output.js';
import type { CheckRun } from '../../src/runner/checks/run-check.js';

function checkRun(lines: string[]): CheckRun {
  const logFile = join(mkdtempSync(join(tmpdir(), 'cl-fold-')), 'lint.log');
  writeFileSync(logFile, `${lines.join('\n')}\n`);
  return {
    name: 'lint',
    type: 'lint',
    command: 'npm run lint',
    passed: false,
    exitCode: 1,
    timedOut: false,
    aborted: false,
    durationMs: 500,
    logFile,
    excerpt: '',
    diagnosis: null,
  };
}

/** The fold's body between its stop-commands fence, and the fence's token. */
function parse(fold: string): { header: string; token: string; body: string[] } {
  const m = /^::group::(.*)\n::stop-commands::(\S+)\n([^]*)\n::(\S+)::\n::endgroup::\n$/.exec(fold);
  expect(m, fold.slice(0, 300)).not.toBeNull();
  expect(m?.[4]).toBe(m?.[2]); // the fence is lifted with its own token, so commands work again after it
  return { header: m?.[1] ?? '', token: m?.[2] ?? '', body: (m?.[3] ?? '').split('\n') };
}

describe("a check's output as a fold of the job log", () => {
  it('holds the whole output, indented, fenced from workflow commands, masked', async () => {
    vi.stubEnv('DEPLOY_TOKEN', 'hunter2hunter2');
    const fold = await foldCheckOutput(
      checkRun([
        'src/a.ts(1,14): error TS2322: nope',
        '::set-output name=pwned::1',
        '##[error]quoted from another log',
        'using hunter2hunter2',
      ]),
      '  ✗ lint 0.5s',
    );
    vi.unstubAllEnvs();
    const { header, token, body } = parse(fold);
    expect(header).toBe('✗ lint 0.5s');
    expect(token).toMatch(/^closed-loop-[0-9a-f-]{36}$/);
    expect(body).toEqual([
      '  $ npm run lint',
      '  src/a.ts(1,14): error TS2322: nope', // indented: setup-node's tsc matcher does not annotate it again
      '  ::set-output name=pwned::1',
      '  ##[error]quoted from another log',
      '  using ***',
      '  (exit 1; 4 line(s) of output)',
    ]);
    // A fresh token per fold: output cannot guess it and lift the fence early.
    expect(parse(await foldCheckOutput(checkRun(['x']), 'x')).token).not.toBe(token);
  });

  it('shows the first and the last lines of a long output and counts the rest', async () => {
    const total = FOLD_HEAD + FOLD_TAIL + 1234;
    const { body } = parse(
      await foldCheckOutput(
        checkRun(Array.from({ length: total }, (_, i) => `line ${i + 1}`)),
        '✗ lint 9.9s',
      ),
    );
    expect(body[1]).toBe('  line 1');
    expect(body[FOLD_HEAD]).toBe(`  line ${FOLD_HEAD}`);
    expect(body[FOLD_HEAD + 1]).toBe('  … 1234 line(s) not shown here …');
    expect(body[FOLD_HEAD + 2]).toBe(`  line ${FOLD_HEAD + 1235}`);
    expect(body.at(-2)).toBe(`  line ${total}`);
    expect(body).toHaveLength(1 + FOLD_HEAD + 1 + FOLD_TAIL + 1);
  });

  it('folds a report the same way', () => {
    const { header, body } = parse(
      foldLines('closed-loop: the escalation report', ['## Escalation', '', 'x']),
    );
    expect(header).toBe('closed-loop: the escalation report');
    expect(body).toEqual(['  ## Escalation', '', '  x']);
  });
});
