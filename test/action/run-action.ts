import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/temp-repo.js';

export const ACTION = join(REPO_ROOT, 'dist/action.js');
const PAYLOAD = join(import.meta.dirname, 'fixtures/pull_request.synchronize.json');

export interface ActionRun {
  status: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
}

/**
 * Runs the bundled Action as the runner does: `node dist/action.js` in the workspace, inputs as
 * INPUT_<NAME> (upper case, hyphens kept), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, a pull_request event.
 */
export function runAction(workspace: string, inputs: Record<string, string> = {}, extraEnv: Record<string, string> = {}): ActionRun {
  if (!existsSync(ACTION)) throw new Error(`${ACTION} is missing: run npm run build first`);
  const runnerTemp = mkdtempSync(join(tmpdir(), 'closed-loop-runner-'));
  const output = join(runnerTemp, 'github_output');
  const summary = join(runnerTemp, 'step_summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('INPUT_') && !k.startsWith('GITHUB_') && !k.startsWith('RUNNER_')));
  const env: NodeJS.ProcessEnv = {
    ...inherited, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: PAYLOAD,
    GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo-org/shop', GITHUB_RUN_ID: '1234',
    // Never the real API: a test that passes a token points this at fake-github.mjs (see fakeGitHub).
    GITHUB_API_URL: 'http://127.0.0.1:1',
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value])),
    ...extraEnv,
  };
  const r = spawnSync(process.execPath, [ACTION], { cwd: workspace, env, encoding: 'utf8', timeout: 150_000 });
  return {
    status: r.status, stdout: r.stdout, stderr: r.stderr, runnerTemp,
    outputs: parseOutputFile(readFileSync(output, 'utf8')), summary: readFileSync(summary, 'utf8'),
  };
}

/** GITHUB_OUTPUT's format: `name<<DELIMITER` … `DELIMITER` blocks (what @actions/core writes), or `name=value`. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const end = lines.indexOf(delimiter ?? '', i + 1);
      if (end === -1) throw new Error(`GITHUB_OUTPUT: ${name} has no closing ${delimiter}`);
      out[name] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      out[line.slice(0, at)] = line.slice(at + 1);
    } else if (line !== '') throw new Error(`GITHUB_OUTPUT: unexpected line "${line}"`);
  }
  return out;
}

export interface FakeGitHub {
  url: string;
  /** The requests it received, oldest first. */
  requests(): { method: string; url: string; body: unknown; auth: string | null }[];
  stop(): void;
}

/** Starts fake-github.mjs in its own process (spawnSync blocks this one, so nock cannot answer). */
export async function fakeGitHub(): Promise<FakeGitHub> {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-fake-github-'));
  const log = join(dir, 'requests.jsonl');
  writeFileSync(log, '');
  const child = spawn(process.execPath, [join(import.meta.dirname, 'fake-github.mjs'), log], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
    child.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as ReturnType<FakeGitHub['requests']>[number]),
    stop: () => child.kill('SIGTERM'),
  };
}
