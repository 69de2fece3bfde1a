// Setup steps a framing shows before the failing one (apt-get install, npm ci, pip install, tool
// versions): real output captured once into test/fixtures/logs/setup-output/, shown by many logs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SetupKey } from './corpus-case.js';
import { devDir } from '../load-corpus.js';

export const SETUP_OUTPUT_DIR = join(devDir, 'setup-output');

/** What each block shows as its command, where its output is kept, and how `--capture-setup` remakes it. */
export const SETUP_BLOCKS: Record<SetupKey, { shown: string; file: string; capture: string }> = {
  apt: {
    shown: 'sudo apt-get install -y --no-install-recommends build-essential',
    file: 'apt-install.txt',
    capture: 'apt-get install -y --no-install-recommends make gcc g++ libc6-dev',
  },
  npm: {
    shown: 'npm ci',
    file: 'npm-ci.txt',
    capture:
      `printf '{"name":"app","version":"1.0.0","dependencies":{"is-number":"7.0.0","ms":"2.1.3"}}' > package.json; ` +
      'npm install --package-lock-only --no-audit --no-fund >/dev/null 2>&1; npm ci',
  },
  pip: {
    shown: 'python -m pip install -r requirements.txt',
    file: 'pip-install.txt',
    capture:
      "/usr/bin/python3 -m venv --system-site-packages v >/dev/null; printf 'pytest\\npluggy\\nattrs\\n' > requirements.txt; " +
      'v/bin/python -m pip install --no-index -r requirements.txt 2>&1 | sed "s#$PWD/v#/opt/hostedtoolcache/Python/3.11.2/x64#g"',
  },
  go: { shown: 'go version && go env GOPATH', file: 'go-version.txt', capture: 'go version; go env GOPATH' },
  mvn: { shown: 'mvn -v', file: 'mvn-version.txt', capture: 'mvn -v' },
  ruby: {
    shown: 'ruby -v && gem list --local rspec',
    file: 'ruby-version.txt',
    capture: 'ruby -v; gem list --local rspec',
  },
  php: {
    shown: 'php -v && composer --version',
    file: 'php-version.txt',
    capture: 'php -v; composer --version',
  },
  cargo: { shown: 'cargo -V && rustc -V', file: 'cargo-version.txt', capture: 'cargo -V; rustc -V' },
  mix: { shown: 'elixir --version', file: 'elixir-version.txt', capture: 'elixir --version' },
};

/** The setup block each ecosystem's single-step logs show unless the case says otherwise. */
export const DEFAULT_SETUP: Record<string, SetupKey> = {
  js: 'npm',
  python: 'pip',
  go: 'go',
  jvm: 'mvn',
  ruby: 'ruby',
  php: 'php',
  rust: 'cargo',
  elixir: 'mix',
};

/** A block's shown command and its captured lines (no lines when the capture is missing). */
export function setupBlock(key: SetupKey): [string, string[]] {
  const { shown, file } = SETUP_BLOCKS[key];
  let text: string;
  try {
    text = readFileSync(join(SETUP_OUTPUT_DIR, file), 'utf8');
  } catch {
    return [shown, []];
  }
  return [shown, text.replace(/\n+$/, '').split('\n')];
}

/** The blocks a single-step log shows: apt, then the ecosystem's (or the case's) own, unless `none`. */
export function singleStepSetup(setup: SetupKey | 'none' | undefined, eco: string): [string, string[]][] {
  if (setup === 'none') return [];
  const key = setup ?? DEFAULT_SETUP[eco];
  return [setupBlock('apt'), ...(key && key !== 'apt' ? [setupBlock(key)] : [])];
}
