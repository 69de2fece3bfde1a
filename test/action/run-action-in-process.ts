import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { runAction } from '../../src/action/main.js';
import { parseOutputFile } from './run-action.js';

/**
 * @actions/core caches the summary file's path on first use, so one test file's in-process runs share
 * one summary file, emptied before each run.
 */
const SUMMARY = join(mkdtempSync(join(tmpdir(), 'closed-loop-summary-')), 'step_summary');

export interface InProcessRun {
  /** process.exitCode after the run: 1 when the step failed. */
  exitCode: number | undefined;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
}

/**
 * Runs src/action/main.ts's runAction in this process, as the runner would run the bundle: INPUT_* and
 * GITHUB_* in process.env (what @actions/core reads; the runner's own ACTIONS_* removed, so nothing is
 * uploaded unless a test sets them), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, the
 * event payload in a file. The GitHub client gets retry and throttling off (STYLE item 12); nock, set up
 * by the test, answers its requests. The environment and process.exitCode are restored afterwards.
 */
export async function runActionInProcess(
  workspace: string,
  payload: unknown,
  inputs: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
): Promise<InProcessRun> {
  const runnerTemp = mkdtempSync(join(tmpdir(), 'closed-loop-runner-'));
  const output = join(runnerTemp, 'github_output');
  const eventPath = join(runnerTemp, 'event.json');
  writeFileSync(output, '');
  writeFileSync(SUMMARY, '');
  writeFileSync(eventPath, JSON.stringify(payload));
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) {
    if (/^(INPUT|GITHUB|RUNNER|ACTIONS)_/.test(key) || key === 'CLOSED_LOOP_PUSH_REMOTE')
      Reflect.deleteProperty(process.env, key);
  }
  Object.assign(process.env, {
    NO_COLOR: '1',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: SUMMARY,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_REPOSITORY: 'octo-org/shop',
    GITHUB_RUN_ID: '1234',
    ...Object.fromEntries(
      Object.entries({ token: 'ghs_0123456789abcdefghijklmnopqrstuvwxyzAB', ...inputs }).map(
        ([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value],
      ),
    ),
    ...extraEnv,
  });
  const chunks: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  const exitBefore = process.exitCode;
  process.exitCode = undefined;
  let exitCode: number | undefined;
  try {
    await runAction(process.env, { client: { retry: false, throttle: false, log: () => {} } });
  } finally {
    write.mockRestore();
    exitCode = process.exitCode === undefined ? undefined : Number(process.exitCode);
    process.exitCode = exitBefore;
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, saved);
  }
  return {
    exitCode,
    stdout: chunks.join(''),
    outputs: parseOutputFile(readFileSync(output, 'utf8')),
    summary: readFileSync(SUMMARY, 'utf8'),
    runnerTemp,
  };
}
