// Travis CI raw logs: folds (`travis_fold:start:install.N`), timed commands, `The command "…" exited
// with N.` after every script step (Travis runs them all), and `Done. Your build exited with N.`
import { startClock, travisTimes } from './ci-clock.js';
import type { SingleFraming, StepsFraming } from './framing.js';

const FOLD_END = (name: string) => `travis_fold:end:${name}\r\x1b[0K`;
const WORKER = (host: string, instance: string, startup: string) => [
  'travis_fold:start:worker_info\r\x1b[0K\x1b[33;1mWorker information\x1b[0m',
  `hostname: ${host}`,
  'version: v6.2.22 https://github.com/travis-ci/worker/tree/2a3b4c5d',
  `instance: ${instance} travis-ci-focal-1698652087 (via amqp)`,
  `startup: ${startup}`,
  FOLD_END('worker_info'),
];
const exited = (cmd: string, rc: number) =>
  `\x1b[3${rc ? 1 : 2};1mThe command "${cmd}" exited with ${rc}.\x1b[0m`;

export const travisSingle: SingleFraming = (cmd, out, rc, setup, rnd) => {
  const tick = startClock(rnd);
  const body = [
    ...WORKER(
      '6f2a9c1e-3b7d-4e5f-8a9b-0c1d2e3f4a5b@1.worker-com-7f9d8c6b5-x2k4q.gce-production-2',
      'travis-job-6f2a9c1e',
      '6.317259491s',
    ),
    'travis_fold:start:git.checkout\r\x1b[0K',
    '$ git clone --depth=50 --branch=main https://github.com/acme/app.git acme/app',
    "Cloning into 'acme/app'...",
    '$ cd acme/app',
    '$ git checkout -qf 4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d',
    FOLD_END('git.checkout'),
  ];
  setup.forEach(([scmd, sout], i) => {
    const [s, e] = travisTimes(rnd, tick);
    body.push(
      `travis_fold:start:install.${i + 1}\r\x1b[0K${s}\x1b[32;1m$ ${scmd}\x1b[0m`,
      ...sout,
      e,
      FOLD_END(`install.${i + 1}`),
    );
  });
  const [s, e] = travisTimes(rnd, tick);
  body.push(`${s}\x1b[32;1m$ ${cmd}\x1b[0m`);
  const offset = body.length;
  body.push(...out, e, exited(cmd, rc), '', `Done. Your build exited with ${rc ? 1 : 0}.`);
  return { text: body.join('\n') + '\n', offsets: [offset] };
};

export const travisSteps: StepsFraming = (steps, rnd) => {
  const tick = startClock(rnd);
  const body = [
    ...WORKER(
      '0c4d2e6a-9f1b-4c3d-a2e5-7b8c9d0e1f2a@1.worker-com-5d8c7b9f4-q7m2x.gce-production-3',
      'travis-job-0c4d2e6a',
      '5.902314117s',
    ),
    '\x1b[33;1mRunning job on a VM\x1b[0m',
    'travis_fold:start:system_info\r\x1b[0K\x1b[33;1mBuild system information\x1b[0m',
    'Build language: generic',
    'Build dist: focal',
    'Build id: 271834455',
    'Job id: 612093318',
    'Runtime kernel version: 5.4.0-1106-gcp',
    'travis-build version: 0e7a8f3c1',
    FOLD_END('system_info'),
    '',
    'travis_fold:start:git.checkout\r\x1b[0K',
    '$ git clone --depth=50 --branch=master https://github.com/acme/app.git acme/app',
    "Cloning into 'acme/app'...",
    'remote: Enumerating objects: 412, done.',
    'Receiving objects: 100% (412/412), 188.02 KiB | 4.18 MiB/s, done.',
    'Resolving deltas: 100% (151/151), done.',
    '$ cd acme/app',
    '$ git checkout -qf 7c1e5d2a9b8f4e3d2c1b0a9f8e7d6c5b4a3f2e1d',
    FOLD_END('git.checkout'),
  ];
  const offsets: number[] = [];
  let failed = false;
  let n = 0;
  for (const step of steps) {
    const [s, e] = travisTimes(rnd, tick);
    if (step.phase === 'install') {
      n += 1;
      body.push(`travis_fold:start:install.${n}\r\x1b[0K${s}\x1b[32;1m$ ${step.cmd}\x1b[0m`);
      offsets.push(body.length);
      body.push(...step.out, e);
      if (step.rc) {
        body.push(
          '',
          `\x1b[31;1mThe command "${step.cmd}" failed and exited with ${step.rc} during .\x1b[0m`,
          '',
          'Your build has been stopped.',
        );
        return { text: body.join('\n') + '\n', offsets };
      }
      body.push(FOLD_END(`install.${n}`));
    } else {
      body.push(`${s}\x1b[32;1m$ ${step.cmd}\x1b[0m`);
      offsets.push(body.length);
      body.push(...step.out, e, exited(step.cmd, step.rc));
      failed = failed || step.rc !== 0;
    }
  }
  body.push('', `Done. Your build exited with ${failed ? 1 : 0}.`);
  return { text: body.join('\n') + '\n', offsets };
};
