// Buildkite raw logs: every line stamped with an APC sequence (`ESC _bk;t=<ms> BEL`), `~~~`/`---` headers.
import { startClock } from './ci-clock.js';
import type { SingleFraming, StepsFraming } from './framing.js';

const SHA = '4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d';
const HEAD = [
  '~~~ Running global environment hook',
  '$ /etc/buildkite-agent/hooks/environment',
  '~~~ Preparing working directory',
  '$ cd /var/lib/buildkite-agent/builds/agent-1/acme/app',
  '$ git remote set-url origin git@github.com:acme/app.git',
  '$ git clean -ffxdq',
  `$ git fetch -v --prune -- origin ${SHA}`,
  'From github.com:acme/app',
  ` * branch            ${SHA} -> FETCH_HEAD`,
  `$ git checkout -f ${SHA}`,
  'HEAD is now at 4f2c9e1 Update handler',
  '~~~ Running commands',
];
const PRE_EXIT = ['~~~ Running global pre-exit hook', '$ /etc/buildkite-agent/hooks/pre-exit'];
const error = (rc: number) => `🚨 Error: The command exited with status ${rc}`;

function stamp(body: string[], tick: () => number): string {
  return body.map((l) => `\x1b_bk;t=${Math.trunc(tick() * 1000)}\x07${l}`).join('\n') + '\n';
}

export const buildkiteSingle: SingleFraming = (cmd, out, rc, setup, rnd) => {
  const tick = startClock(rnd);
  const body = [...HEAD];
  for (const [scmd, sout] of setup) body.push(`$ ${scmd}`, ...sout);
  body.push(`$ ${cmd}`);
  const offset = body.length;
  body.push(...out, ...(rc ? [error(rc), '^^^ +++'] : []), ...PRE_EXIT);
  return { text: stamp(body, tick), offsets: [offset] };
};

export const buildkiteSteps: StepsFraming = (steps, rnd) => {
  const tick = startClock(rnd);
  const body = [...HEAD];
  const offsets: number[] = [];
  for (const step of steps) {
    const lines = step.cmd.split('\n');
    body.push(`--- ${lines[0]}`, ...lines.map((l) => `$ ${l}`));
    offsets.push(body.length);
    body.push(...step.out);
    if (step.rc) {
      body.push('^^^ +++', error(step.rc));
      break;
    }
  }
  body.push(...PRE_EXIT);
  return { text: stamp(body, tick), offsets };
};
