// GitLab CI raw logs: collapsible sections (`section_start:<time>:<name>`), `$ cmd` per command.
import { startClock } from './ci-clock.js';
import type { SingleFraming, StepsFraming } from './framing.js';
import type { PythonRandom } from '../python-random.js';

const K = '\x1b[0K';

interface Head {
  runner: string;
  runningOn: string;
  checkout: string;
}

function sections(rnd: PythonRandom) {
  const tick = startClock(rnd);
  return {
    start: (name: string, title: string) =>
      `section_start:${Math.trunc(tick(1))}:${name}\r${K}${K}\x1b[36;1m${title}\x1b[0;m`,
    end: (name: string) => `section_end:${Math.trunc(tick(1))}:${name}\r${K}`,
  };
}

function head(s: ReturnType<typeof sections>, h: Head): string[] {
  return [
    '\x1b[0KRunning with gitlab-runner 17.5.3 (12030cf4)\x1b[0;m',
    h.runner,
    s.start('prepare_executor', 'Preparing the "docker" executor'),
    '\x1b[0KUsing Docker executor with image debian:bookworm ...\x1b[0;m',
    '\x1b[0KPulling docker image debian:bookworm ...\x1b[0;m',
    s.end('prepare_executor'),
    s.start('prepare_script', 'Preparing environment'),
    h.runningOn,
    s.end('prepare_script'),
    s.start('get_sources', 'Getting source from Git repository'),
    '\x1b[32;1mFetching changes with git depth set to 20...\x1b[0;m',
    'Initialized empty Git repository in /builds/acme/app/.git/',
    '\x1b[32;1mCreated fresh repository.\x1b[0;m',
    h.checkout,
    '\x1b[32;1mSkipping Git submodules setup\x1b[0;m',
    s.end('get_sources'),
    s.start('step_script', 'Executing "step_script" stage of the job script'),
    '\x1b[0KUsing docker image sha256:1f2e3d4c5b6a for debian:bookworm with digest debian@sha256:9a8b7c6d5e4f ...\x1b[0;m',
  ];
}

function tail(s: ReturnType<typeof sections>, rc: number): string[] {
  return [
    s.end('step_script'),
    s.start('cleanup_file_variables', 'Cleaning up project directory and file based variables'),
    s.end('cleanup_file_variables'),
    rc ? `\x1b[31;1mERROR: Job failed: exit code ${rc}\x1b[0;m` : '\x1b[32;1mJob succeeded\x1b[0;m',
  ];
}

export const gitlabSingle: SingleFraming = (cmd, out, rc, setup, rnd) => {
  const s = sections(rnd);
  const body = head(s, {
    runner: '\x1b[0K  on docker-runner-1 t3_Zx8kQ, system ID: s_6f2a9c1e3b7d\x1b[0;m',
    runningOn: 'Running on runner-t3zx8kq-project-42-concurrent-0 via docker-runner-1...',
    checkout: '\x1b[32;1mChecking out 4f2c9e1d as detached HEAD (ref is main)...\x1b[0;m',
  });
  for (const [scmd, sout] of setup) body.push(`\x1b[32;1m$ ${scmd}\x1b[0;m`, ...sout);
  body.push(`\x1b[32;1m$ ${cmd}\x1b[0;m`);
  const offset = body.length;
  body.push(...out, ...tail(s, rc));
  return { text: body.join('\n') + '\n', offsets: [offset] };
};

export const gitlabSteps: StepsFraming = (steps, rnd) => {
  const s = sections(rnd);
  const body = head(s, {
    runner: '\x1b[0K  on gitlab-shared-runner-3 Zy7Qw2pX, system ID: s_0d3c9b8a7f6e\x1b[0;m',
    runningOn: 'Running on runner-zy7qw2px-project-77-concurrent-1 via gitlab-shared-runner-3...',
    checkout:
      '\x1b[32;1mChecking out 7c1e5d2a as detached HEAD (ref is refs/merge-requests/31/head)...\x1b[0;m',
  });
  const offsets: number[] = [];
  let rc = 0;
  for (const step of steps) {
    body.push(`\x1b[32;1m$ ${step.cmd}\x1b[0;m`);
    offsets.push(body.length);
    body.push(...step.out);
    if (step.rc) {
      rc = step.rc;
      break;
    }
  }
  body.push(...tail(s, rc));
  return { text: body.join('\n') + '\n', offsets };
};
