// Azure Pipelines raw logs: every line stamped, `##[section]Starting: <task>` around each script task.
import { isoTimestamp, startClock } from './ci-clock.js';
import type { SingleFraming, StepsFraming } from './framing.js';

const HEAD = [
  '##[section]Starting: Initialize job',
  "Agent name: 'Azure Pipelines 3'",
  "Agent machine name: 'fv-az512-331'",
  "Current agent version: '4.260.0'",
  '##[section]Finishing: Initialize job',
  '##[section]Starting: Checkout acme/app@main to s',
  'Syncing repository: acme/app (GitHub)',
  '##[command]git checkout --progress --force 4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d',
  'HEAD is now at 4f2c9e1 Update handler',
  '##[section]Finishing: Checkout acme/app@main to s',
];
const RULE = '='.repeat(78);
/** A Command line task's header; `script` is one item or one per line, as each framing had it. */
const task = (name: string, script: string[], tempName: string) => [
  `##[section]Starting: ${name}`,
  RULE,
  'Task         : Command line',
  'Description  : Run a command line script using Bash on Linux and macOS and cmd.exe on Windows',
  'Version      : 2.250.1',
  'Author       : Microsoft Corporation',
  RULE,
  'Generating script.',
  'Script contents:',
  ...script,
  '========================== Starting Command Output ===========================',
  `##[command]/usr/bin/bash --noprofile --norc /home/vsts/work/_temp/${tempName}.sh`,
];
const FINALIZE = [
  '##[section]Starting: Finalize Job',
  'Cleaning up task key',
  '##[section]Finishing: Finalize Job',
];
const TEMP = '6f2a9c1e-3b7d-4e5f-8a9b-0c1d2e3f4a5b';

export const azureSingle: SingleFraming = (cmd, out, rc, setup, rnd) => {
  const tick = startClock(rnd);
  const body = [...HEAD];
  for (const [scmd, sout] of setup)
    body.push(...task('Install', [scmd], TEMP), ...sout, '##[section]Finishing: Install');
  body.push(...task('Test', [cmd], TEMP));
  const offset = body.length;
  body.push(...out, ...(rc ? [`##[error]Bash exited with code '${rc}'.`] : []));
  body.push('##[section]Finishing: Test', ...FINALIZE);
  return { text: body.map((l) => `${isoTimestamp(tick())} ${l}`).join('\n') + '\n', offsets: [offset] };
};

export const azureSteps: StepsFraming = (steps, rnd) => {
  const tick = startClock(rnd);
  const body = [...HEAD];
  const offsets: number[] = [];
  for (const step of steps) {
    // Python's [:60] counts code points.
    const name = Array.from(step.cmd.split('\n')[0]!).slice(0, 60).join('');
    const temp = rnd.getrandbits(64).toString(16).padStart(16, '0');
    body.push(...task(name, step.cmd.split('\n'), temp));
    offsets.push(body.length);
    body.push(...step.out);
    if (step.rc) {
      body.push(`##[error]Bash exited with code '${step.rc}'.`, `##[section]Finishing: ${name}`);
      break;
    }
    body.push(`##[section]Finishing: ${name}`);
  }
  body.push(...FINALIZE);
  return { text: body.map((l) => `${isoTimestamp(tick())} ${l}`).join('\n') + '\n', offsets };
};
