// `npm run all` starts here: the end-to-end tests run real tools, so say at once what is missing
// (and how .ci/run installs it) instead of failing minutes later inside a test.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const missing = [
  ...(has('go', ['version'])
    ? []
    : ['go (the Go end-to-end tests: go test, go vet, gofmt) — apt-get install golang-go']),
  ...(has('python3', ['-c', 'import pytest'])
    ? []
    : ['pytest (the Python end-to-end tests) — apt-get install python3-pytest, or pip install pytest']),
  ...(has('black', ['--version']) && has('isort', ['--version'])
    ? []
    : ['black and isort (the Python end-to-end tests) — apt-get install black isort']),
  ...(has('git', ['--version']) ? [] : ['git — apt-get install git']),
  ...(has('redis-server', ['--version'])
    ? []
    : ["redis-server (the App's queue on Redis, started by its tests) — apt-get install redis-server"]),
  ...(existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    ? []
    : [
        "PostgreSQL's server (the App's outcome history on PostgreSQL; its tests start a throwaway one) — apt-get install postgresql",
      ]),
  ...(has('/usr/bin/chromium', ['--version'])
    ? []
    : ['chromium (the dashboard in a headless browser, /usr/bin/chromium) — apt-get install chromium']),
];
if (missing.length > 0) {
  console.error(
    `npm run all needs, besides Node ${process.versions.node.split('.')[0]}+ and npm:\n${missing.map((m) => `  - ${m}`).join('\n')}\n(.ci/run installs them when missing.)`,
  );
  process.exit(1);
}
console.error(
  'npm run all: type check, lint, build, then every test — about 10 minutes on 2 cores; the end-to-end tests use git, go, pytest, black, isort, redis-server, PostgreSQL, Chromium, the npm registry and apt-get download.',
);
