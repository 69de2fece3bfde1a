// Jenkins pipeline console logs: `[Pipeline]` stage lines, `+ cmd` for each sh step.
import type { SingleFraming, StepsFraming } from './framing.js';

const GIT_URL = 'https://github.com/acme/app.git';
interface Checkout {
  agent: string;
  stage: string;
  /** The checkout step's own lines before it fetches. */
  notes: string[];
  sha: string;
  ref: string;
}
const checkout = (c: Checkout) => [
  '[Pipeline] Start of Pipeline',
  '[Pipeline] node',
  `Running on ${c.agent} in /var/lib/jenkins/workspace/app`,
  '[Pipeline] {',
  '[Pipeline] stage',
  `[Pipeline] { (${c.stage})`,
  '[Pipeline] checkout',
  ...c.notes,
  ' > git rev-parse --resolve-git-dir /var/lib/jenkins/workspace/app/.git # timeout=10',
  'Fetching changes from the remote Git repository',
  ` > git config remote.origin.url ${GIT_URL} # timeout=10`,
  `Fetching upstream changes from ${GIT_URL}`,
  ' > git --version # timeout=10',
  " > git --version # 'git version 2.39.5'",
  ` > git fetch --tags --force --progress -- ${GIT_URL} +refs/heads/*:refs/remotes/origin/* # timeout=10`,
  `Checking out Revision ${c.sha} (${c.ref})`,
  ` > git checkout -f ${c.sha} # timeout=10`,
];
const STAGE_END = ['[Pipeline] }', '[Pipeline] // stage'];
const END = ['[Pipeline] }', '[Pipeline] // node', '[Pipeline] End of Pipeline'];

export const jenkinsSingle: SingleFraming = (cmd, out, rc, setup) => {
  const body = [
    'Started by user admin',
    ...checkout({
      agent: 'agent-linux-2',
      stage: 'Checkout',
      notes: ['The recommended git tool is: NONE', 'No credentials specified'],
      sha: '4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d',
      ref: 'refs/remotes/origin/main',
    }),
    'Commit message: "Update handler"',
    ...STAGE_END,
  ];
  for (const [scmd, sout] of setup)
    body.push(
      '[Pipeline] stage',
      '[Pipeline] { (Setup)',
      '[Pipeline] sh',
      `+ ${scmd}`,
      ...sout,
      ...STAGE_END,
    );
  body.push('[Pipeline] stage', '[Pipeline] { (Test)', '[Pipeline] sh', `+ ${cmd}`);
  const offset = body.length;
  body.push(
    ...out,
    ...STAGE_END,
    ...END,
    rc ? `ERROR: script returned exit code ${rc}` : '',
    `Finished: ${rc ? 'FAILURE' : 'SUCCESS'}`,
  );
  return { text: body.join('\n') + '\n', offsets: [offset] };
};

export const jenkinsSteps: StepsFraming = (steps) => {
  const body = [
    'Started by GitHub push by acme-bot',
    ...checkout({
      agent: 'build-agent-04',
      stage: 'Declarative: Checkout SCM',
      notes: [
        'Selected Git installation does not exist. Using Default',
        'The recommended git tool is: NONE',
        'using credential github-app-acme',
      ],
      sha: '7c1e5d2a9b8f4e3d2c1b0a9f8e7d6c5b4a3f2e1d',
      ref: 'origin/master',
    }),
    'Commit message: "Handle empty input"',
    ...STAGE_END,
  ];
  const offsets: number[] = [];
  let rc = 0;
  for (const step of steps) {
    const stage = step.phase === 'install' ? 'Setup' : 'Build';
    body.push('[Pipeline] stage', `[Pipeline] { (${stage})`, '[Pipeline] sh', `+ ${step.cmd}`);
    offsets.push(body.length);
    body.push(...step.out, ...STAGE_END);
    if (step.rc) {
      rc = step.rc;
      break;
    }
  }
  body.push(
    ...END,
    ...(rc ? [`ERROR: script returned exit code ${rc}`, 'Finished: FAILURE'] : ['Finished: SUCCESS']),
  );
  return { text: body.join('\n') + '\n', offsets };
};
