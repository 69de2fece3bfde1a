// GitHub Actions raw logs: every line stamped, one `##[group]Run` group per step.
import { isoTimestamp, startClock } from './ci-clock.js';
import type { SingleFraming, StepsFraming } from './framing.js';

const CHECKOUT_SHA = '4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d';
const SINGLE_HEAD = [
  "Current runner version: '2.329.0'",
  '##[group]Operating System',
  'Ubuntu',
  '24.04.3',
  'LTS',
  '##[endgroup]',
  '##[group]Runner Image',
  'Image: ubuntu-24.04',
  'Version: 20251112.124.1',
  '##[endgroup]',
  '##[group]GITHUB_TOKEN Permissions',
  'Contents: read',
  'Metadata: read',
  '##[endgroup]',
  'Secret source: Actions',
  'Prepare workflow directory',
  'Prepare all required actions',
  'Getting action download info',
  "Download action repository 'actions/checkout@v4' (SHA:08eba0b27e820071cde6df949e0beb9ba4906955)",
  'Complete job name: build',
  '##[group]Run actions/checkout@v4',
  'with:',
  '  repository: acme/app',
  '  token: ***',
  '  fetch-depth: 1',
  '##[endgroup]',
  'Syncing repository: acme/app',
  '##[group]Fetching the repository',
  `[command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +${CHECKOUT_SHA}:refs/remotes/pull/42/merge`,
  ` * [new ref]         ${CHECKOUT_SHA} -> pull/42/merge`,
  '##[endgroup]',
  '[command]/usr/bin/git checkout --progress --force refs/remotes/pull/42/merge',
  'HEAD is now at 4f2c9e1 Merge 9a8b7c6 into 1a2b3c4',
];
const SHELL = 'shell: /usr/bin/bash -e {0}';
const CLEANUP = [
  'Post job cleanup.',
  '[command]/usr/bin/git version',
  'git version 2.51.2',
  '[command]/usr/bin/git config --local --name-only --get-regexp core\\.sshCommand',
];

export const githubActionsSingle: SingleFraming = (cmd, out, rc, setup, rnd) => {
  const tick = startClock(rnd);
  const body = [...SINGLE_HEAD];
  for (const [scmd, sout] of setup) body.push(`##[group]Run ${scmd}`, scmd, SHELL, '##[endgroup]', ...sout);
  const first = cmd.split('\n');
  body.push(`##[group]Run ${first[0]}`, ...first, SHELL, '##[endgroup]');
  const offset = body.length;
  body.push(...out);
  if (rc) body.push(`##[error]Process completed with exit code ${rc}.`);
  body.push(...CLEANUP, 'Cleaning up orphan processes');
  return { text: body.map((l) => `${isoTimestamp(tick())} ${l}`).join('\n') + '\n', offsets: [offset] };
};

const PR_SHA = '7c1e5d2a9b8f4e3d2c1b0a9f8e7d6c5b4a3f2e1d';
const STEPS_HEAD = [
  ...SINGLE_HEAD.slice(0, 9),
  'Included Software: https://github.com/actions/runner-images/blob/ubuntu24/20251112.124/images/ubuntu/Ubuntu2404-Readme.md',
  ...SINGLE_HEAD.slice(9, 19),
  'Complete job name: ci',
  ...SINGLE_HEAD.slice(20, 24),
  '  ssh-strict: true',
  '  persist-credentials: true',
  '  clean: true',
  '  fetch-depth: 1',
  '##[endgroup]',
  'Syncing repository: acme/app',
  '##[group]Getting Git version info',
  "Working directory is '/home/runner/work/app/app'",
  '[command]/usr/bin/git version',
  'git version 2.51.2',
  '##[endgroup]',
  '##[group]Fetching the repository',
  `[command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +${PR_SHA}:refs/remotes/pull/118/merge`,
  'remote: Enumerating objects: 64, done.',
  'remote: Counting objects: 100% (64/64), done.',
  'remote: Compressing objects: 100% (41/41), done.',
  'remote: Total 64 (delta 9), reused 38 (delta 4), pack-reused 0 (from 0)',
  ` * [new ref]         ${PR_SHA} -> pull/118/merge`,
  '##[endgroup]',
  '##[group]Checking out the ref',
  '[command]/usr/bin/git checkout --progress --force refs/remotes/pull/118/merge',
  "Note: switching to 'refs/remotes/pull/118/merge'.",
  'HEAD is now at 7c1e5d2 Merge 3e9f1a2 into 5b8c0d4',
  '##[endgroup]',
];

export const githubActionsSteps: StepsFraming = (steps, rnd) => {
  const tick = startClock(rnd);
  const body = [...STEPS_HEAD];
  const offsets: number[] = [];
  for (const s of steps) {
    const lines = s.cmd.split('\n');
    body.push(`##[group]Run ${lines[0]}`, ...lines, SHELL, '##[endgroup]');
    offsets.push(body.length);
    body.push(...s.out);
    if (s.rc) {
      body.push(`##[error]Process completed with exit code ${s.rc}.`);
      if (!s.cont) break;
    }
  }
  body.push(
    ...CLEANUP,
    `[command]/usr/bin/git submodule foreach --recursive sh -c "git config --local --name-only --get-regexp 'core\\.sshCommand' && git config --local --unset-all 'core.sshCommand' || :"`,
    'Cleaning up orphan processes',
  );
  return { text: body.map((l) => `${isoTimestamp(tick())} ${l}`).join('\n') + '\n', offsets };
};
