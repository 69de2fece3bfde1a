// Runs a case's steps for real (the half of the generator that needs the tools): writes its files into
// a scratch directory under /tmp/c, runs each step there with stdout and stderr in one stream, and
// rewrites the machine's paths as a CI runner's log would show them.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import type { LogJob } from './batches.js';
import { workspaceOf, type StepRun } from './compose-log.js';
import { dedent } from './dedent.js';
import { normalise } from './labels.js';
import { blockOutput, stepPlan } from './step-plan.js';

/** The scratch root: `normalise` rewrites any `/tmp/c/<dir>` to the CI workspace. */
export const SCRATCH = '/tmp/c';
/** The PATH the cases were captured with (rustup's cargo in /root/.cargo/bin). */
const PATH = '/usr/local/bin:/usr/bin:/bin:/root/.cargo/bin:/usr/sbin:/sbin';

function environment(job: LogJob): Record<string, string> {
  const env: Record<string, string | null | undefined> = {
    ...process.env,
    PATH,
    NO_COLOR: '1',
    TERM: 'dumb',
    LANG: 'C.UTF-8',
    FORCE_COLOR: null,
  };
  if (job.style === 'single') for (const k of Object.keys(env)) if (k.startsWith('PIP_')) delete env[k];
  Object.assign(env, { PIP_CONFIG_FILE: '/dev/null', PIP_NO_INPUT: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1' });
  if (job.style === 'steps') env.CI = 'true';
  Object.assign(env, job.c.env);
  // The multi-step batches were captured with FORCE_COLOR unset whatever the case said (one fresh2
  // case sets it, and its log has no colour); kept so a re-capture runs what ran.
  if (job.style === 'steps') delete env.FORCE_COLOR;
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * One command in bash, stdout and stderr in one pipe; a timeout is exit 124, a signal 128+N. Runs
 * without blocking, so the loopback stub in this process can answer it.
 */
function run(
  cmd: string,
  cwd: string,
  env: Record<string, string>,
  timeoutS: number,
): Promise<[string, number]> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `exec 2>&1; ${cmd}`], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    child.on('error', (e) => reject(new Error(`cannot run bash for \`${cmd}\`: ${e.message}`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const out = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
      if (timedOut) resolve([out, 124]);
      else if (signal) resolve([out, 128 + constants.signals[signal]]);
      else resolve([out, code ?? 0]);
    });
  });
}

export async function captureCase(job: LogJob): Promise<StepRun[]> {
  const { c } = job;
  const scratch = join(SCRATCH, c.id.replace(/[^A-Za-z0-9_-]/g, '-'));
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const [path, content] of Object.entries(c.files ?? {})) {
    const file = join(scratch, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, dedent(content));
    chmodSync(file, path.endsWith('.sh') || path.startsWith('bin/') ? 0o755 : 0o644);
  }
  const env = environment(job);
  const timeout = c.timeout ?? 120;
  if (c.pre)
    spawnSync('/bin/sh', ['-c', c.pre], { cwd: scratch, env, stdio: 'ignore', timeout: timeout * 1000 });
  const ws = workspaceOf(job.wrapper);
  const runs: StepRun[] = [];
  for (const step of stepPlan(c, job.style)) {
    if (step.block) {
      runs.push({ cmd: step.cmd, phase: step.phase, rc: 0, output: blockOutput(step.block) });
      continue;
    }
    const [out, rc] = await run(step.cmd, scratch, env, timeout);
    runs.push({ cmd: step.cmd, phase: step.phase, rc, output: normalise(out, scratch, ws) });
  }
  return runs;
}
