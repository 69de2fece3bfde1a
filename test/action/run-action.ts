import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/temp-repo.js';
import { synchronizePayload } from './pr-payload.js';
import { startStandIn } from './stand-in.js';

export const ACTION = join(REPO_ROOT, 'dist/action.js');

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
 * INPUT_<NAME> (upper case, hyphens kept), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, a pull_request
 * event (the real synchronize example, derived for the workspace's HEAD). The runner's own ACTIONS_*
 * (the artifact service's token and URL) are never inherited: a test passes a stand-in's.
 */
export function runAction(
  workspace: string,
  inputs: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
): ActionRun {
  if (!existsSync(ACTION)) throw new Error(`${ACTION} is missing: run npm run build first`);
  const runnerTemp = mkdtempSync(join(tmpdir(), 'closed-loop-runner-'));
  const output = join(runnerTemp, 'github_output');
  const summary = join(runnerTemp, 'step_summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const event = join(runnerTemp, 'event.json');
  writeFileSync(event, JSON.stringify(synchronizePayload(headOf(workspace))));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(INPUT|GITHUB|RUNNER|ACTIONS)_/.test(k)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NO_COLOR: '1',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'octo-org/shop',
    GITHUB_RUN_ID: '1234',
    // Never the real API: a test that passes a token points this at fake-github.mjs (see fakeGitHub).
    GITHUB_API_URL: 'http://127.0.0.1:1',
    ...Object.fromEntries(
      Object.entries(inputs).map(([name, value]) => [
        `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
        value,
      ]),
    ),
    ...extraEnv,
  };
  const r = spawnSync(process.execPath, [ACTION], {
    cwd: workspace,
    env,
    encoding: 'utf8',
    timeout: 150_000,
  });
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    runnerTemp,
    outputs: parseOutputFile(readFileSync(output, 'utf8')),
    summary: readFileSync(summary, 'utf8'),
  };
}

/** The workspace's HEAD commit; a fixed SHA when it has none (the event then names another commit). */
function headOf(workspace: string): string {
  const r = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: workspace, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '1'.repeat(40);
}

/**
 * GITHUB_OUTPUT's format: `name<<DELIMITER` … `DELIMITER` blocks (what @actions/core writes), or
 * `name=value`.
 */
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

/**
 * Starts fake-github.mjs on 127.0.0.1 (see startStandIn); `canned`: the body of each GET, by path and query
 * (`/repos/o/r/pulls/2/files?per_page=100`), where the default is [].
 */
export async function fakeGitHub(canned: Record<string, unknown> = {}): Promise<FakeGitHub> {
  const file = join(mkdtempSync(join(tmpdir(), 'closed-loop-canned-')), 'canned.json');
  writeFileSync(file, JSON.stringify(canned));
  const standIn = await startStandIn('fake-github.mjs', [file]);
  return {
    url: standIn.url,
    requests: () =>
      readFileSync(join(standIn.dir, 'requests.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ReturnType<FakeGitHub['requests']>[number]),
    stop: standIn.stop,
  };
}
