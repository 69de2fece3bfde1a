// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 env: network (dead port), auth (401/403 from the loopback stub), disk, permission, timeout,
// memory.
const STUB = 'http://127.0.0.1:8791';

export const CASES: CorpusCase[] = [
  {
    id: 'env/fresh2-curl-connection-refused-deploy',
    tool: 'curl 7.88.1',
    cmd: `curl -fsS --retry 2 --retry-delay 1 -X POST http://127.0.0.1:9/hooks/deploy -d ref=main`,
    pattern: null,
    category: 'network',
    wrapper: 'github-actions',
    steps: ['curl --version | head -1', 'ls dist'],
    pre: 'mkdir -p dist && echo x > dist/app.tar.gz',
    ev: /curl: \(7\)/,
    note: 'The deploy hook host refuses the connection (a dead loopback port): network.',
  },
  {
    id: 'env/fresh2-npm-install-401',
    tool: 'npm 11.19.1',
    cmd: `npm install --no-audit --no-fund --registry ${STUB}/401/ @acme/ui-kit`,
    pattern: null,
    category: 'auth',
    wrapper: 'travis',
    steps: ['node --version && npm --version'],
    phase: 'install',
    env: { npm_config_cache: '/tmp/c/.npm-f2', npm_config_fetch_retries: '0' },
    files: { 'package.json': '{\n  "name": "portal",\n  "version": "1.0.0"\n}\n' },
    ev: [/npm error code E401/, /saved credentials are probably out of date/],
    note: 'The private registry answers 401: the token is missing or wrong (auth).',
  },
  {
    id: 'env/fresh2-git-clone-403',
    tool: 'git 2.39.5',
    cmd: `git clone --depth 1 ${STUB}/403/acme/shared-config.git config`,
    pattern: null,
    category: 'auth',
    wrapper: 'gitlab',
    steps: ['git --version'],
    env: { GIT_TERMINAL_PROMPT: '0' },
    ev: /(fatal|error): .*(403|unable to access)/,
    note: 'The submodule-like clone of a private repository gets 403: the CI token lacks access (auth).',
  },
  {
    id: 'env/fresh2-disk-full-artifact',
    tool: 'tar 1.34 (gzip)',
    cmd: 'tar -czf /dev/full dist/',
    pattern: null,
    category: 'resource',
    wrapper: 'jenkins',
    steps: ['du -sh dist'],
    pre: 'mkdir -p dist && head -c 200000 /dev/urandom > dist/bundle.js',
    ev: [/No space left on device/, /^tar: Error is not recoverable/],
    note: 'Writing the artifact archive fails with ENOSPC (/dev/full stands in for a full disk): resource.',
  },
  {
    id: 'env/fresh2-permission-denied-script',
    tool: 'bash 5.2',
    cmd: './ci/smoke-test.sh',
    pattern: null,
    category: 'permission',
    wrapper: 'circleci',
    steps: ['ls -l ci'],
    pre: 'chmod 644 ci/smoke-test.sh',
    files: { 'ci/smoke-test.sh': '#!/bin/sh\necho "smoke ok"\n' },
    ev: /Permission denied/,
    locs: [['ci/smoke-test.sh', 1, null]],
    note: 'The script lost its executable bit: permission. The shell names the script without a line.',
  },
  {
    id: 'env/fresh2-wait-for-service-timeout',
    tool: 'coreutils timeout 9.1 (curl 7.88.1)',
    cmd: 'timeout --verbose 6 ./scripts/wait-for-api.sh',
    pattern: null,
    category: 'timeout',
    wrapper: 'azure',
    steps: ['curl --version | head -1'],
    files: {
      'scripts/wait-for-api.sh': `
                #!/usr/bin/env bash
                # Poll the API until it answers; CI wraps this in a time limit.
                until curl -fsS -m 2 ${STUB}/hang/health >/dev/null 2>&1; do
                  echo "$(date -u +%H:%M:%S) api not ready yet, retrying in 1s"
                  sleep 1
                done
                echo "api is up"
                `,
    },
    ev: [/api not ready yet/, /^timeout: sending signal/],
    note: "The API never answers; the wait loop runs until the step's 6 s limit and coreutils timeout kills it (exit 124): timeout.",
  },
  {
    id: 'env/fresh2-node-heap-oom',
    tool: 'node 20.20.2',
    cmd: 'node --max-old-space-size=24 scripts/build-index.js',
    pattern: null,
    category: 'resource',
    wrapper: 'buildkite',
    steps: ['node --version'],
    files: {
      'scripts/build-index.js': `
                const index = [];
                for (let i = 0; ; i++) {
                  index.push({ id: i, text: "document number " + i + " ".repeat(64) });
                }
                `,
    },
    ev: [/FATAL ERROR: .*heap out of memory|JavaScript heap out of memory/, /heap out of memory/],
    note: 'The build script exhausts the (small) heap limit: resource.',
  },
];
