import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_KEY } from '../app/app-kit.js';
import { REPO_ROOT } from '../helpers/temp-repo.js';
import { readDockerfile } from './dockerfile.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
let tarball = '';
const stops: (() => void)[] = [];

// The package as npm publishes it: `npm pack` of the built tree (npm run all builds dist/ first; the
// pack's own prepare step would only build it again, so it is skipped here).
beforeAll(() => {
  for (const bin of Object.values(pkg.bin))
    if (!existsSync(join(REPO_ROOT, bin))) throw new Error(`${bin} is missing: run npm run build first`);
  const out = mkdtempSync(join(tmpdir(), 'cl-pack-'));
  const r = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const [{ filename }] = JSON.parse(r.stdout) as [{ filename: string }];
  tarball = join(out, filename);
});
afterAll(() => stops.forEach((stop) => stop()));

/** The npm cache `npm ci` filled: the registry's packages as this checkout installed them. */
const NPM_CACHE = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();

/**
 * npm (or npx) with no registry and its own empty cache (what the tarball needs, it must hold), or the
 * cache `npm ci` filled (the package's declared dependencies, as the registry serves them).
 */
function npm(
  args: string[],
  cwd: string,
  tool: 'npm' | 'npx' = 'npm',
  cache = mkdtempSync(join(tmpdir(), 'cl-npm-cache-')),
  network: '--offline' | '--prefer-offline' = '--offline',
) {
  const flags = [network, '--cache', cache];
  // (npx takes `./pkg.tgz --help` for its own --help when --no-audit / --no-fund come before it.)
  const argv = tool === 'npx' ? ['--yes', ...flags, ...args] : [...args, ...flags, '--no-audit', '--no-fund'];
  return spawnSync(tool, argv, {
    cwd,
    encoding: 'utf8',
    // Not the npm settings of the npm that started the tests (`npm test` sets npm_config_*, npm_command…).
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
      NO_COLOR: '1',
      npm_config_update_notifier: 'false',
    },
    timeout: 90_000,
  });
}

describe('the npm package', () => {
  it('holds the command, the App, the schema and the papers, and nothing else', () => {
    const files = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''))
      .sort();
    expect(files).toEqual(
      [
        '.env.example',
        'CHANGELOG.md',
        'LICENSE',
        'README.md',
        'app.yml',
        'dist/app.js',
        'dist/cli.js',
        'package.json',
        'schema.json',
      ].sort(),
    );
  });

  it('runs as `npx ./closed-loop-<version>.tgz --help` in an empty directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-npx-'));
    copyFileSync(tarball, join(dir, `${pkg.name}-${pkg.version}.tgz`));
    const help = npm([`./${pkg.name}-${pkg.version}.tgz`, '--help'], dir, 'npx');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^closed-loop — evaluate → analyze → fix/);
    expect(help.stdout).toContain('Usage: closed-loop <command> [options]');
    const version = npm([`./${pkg.name}-${pkg.version}.tgz`, '--version'], dir, 'npx');
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  it("the App's image, short of Docker: the package installed as its run stage installs it serves /healthz as its HEALTHCHECK asks", async () => {
    const docker = readDockerfile();
    const prefix = mkdtempSync(join(tmpdir(), 'cl-global-'));
    // The one runtime dependency, better-sqlite3 (native), comes from the registry as npm ci cached it; its
    // binary, which prebuild-install would fetch from GitHub (unreachable here), is the one npm ci built.
    // npm ci caches tarballs but not the registry's package documents, which the tarball's version range
    // needs: offline, npm 11 skips the optional dependency in silence, so these are read from the registry.
    const install = npm(
      ['install', '--global', '--omit=dev', '--ignore-scripts', '--prefix', prefix, tarball],
      prefix,
      'npm',
      NPM_CACHE,
      '--prefer-offline',
    );
    expect(install.status, install.stderr).toBe(0);
    const packageDir = join(prefix, 'lib', 'node_modules', 'closed-loop');
    expect(
      existsSync(join(packageDir, 'node_modules', 'better-sqlite3', 'package.json')),
      'npm left out the optional dependency better-sqlite3',
    ).toBe(true);
    const sqlite = 'node_modules/better-sqlite3/build/Release';
    const installed = join(packageDir, sqlite);
    mkdirSync(installed, { recursive: true });
    cpSync(join(REPO_ROOT, sqlite, 'better_sqlite3.node'), join(installed, 'better_sqlite3.node'));
    const bin = join(prefix, 'bin', docker.cmd[0] ?? 'missing');
    expect(existsSync(bin), `${docker.cmd[0]} is not a bin of the package`).toBe(true);
    const port = String(40_000 + Math.floor(Math.random() * 20_000));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      ...docker.env, // NODE_ENV, HOST=0.0.0.0, PORT as the image sets them; the port made free here
      PORT: port,
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: 'package-test-secret',
      LOG_FORMAT: 'json',
    } as NodeJS.ProcessEnv;
    const app = spawn(bin, docker.cmd.slice(1), {
      cwd: mkdtempSync(join(tmpdir(), 'cl-home-')), // the image's WORKDIR: no sources, no .env
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stops.push(() => app.kill('SIGTERM'));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Listening on')) resolve();
      };
      app.stdout.on('data', read);
      app.stderr.on('data', read);
      app.once('exit', (code) => reject(new Error(`the App exited (${code}):\n${output}`)));
    });
    // The HEALTHCHECK's own command, run as Docker runs it (exec form, the image's environment).
    const [command = '', ...args] = docker.healthcheck;
    const health = spawnSync(command === 'node' ? process.execPath : command, args, {
      env,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(health.status, `${health.stderr}\n${output}`).toBe(0);
    app.kill('SIGTERM');
  });
});
