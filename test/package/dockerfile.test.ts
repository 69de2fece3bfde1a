import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/temp-repo.js';
import { readDockerfile } from './dockerfile.js';

// No Docker engine on the development machine: the Dockerfile is linted here (dockerfile-utils, the
// linter behind VS Code's Docker support, every rule an error) and held to the image's promises; its run
// stage is exercised without Docker in packed-tarball.e2e.test.ts; .ci/run builds it where Docker runs.
describe('the Dockerfile of the App', () => {
  const docker = readDockerfile();

  it('passes the linter with every rule at error', () => {
    const E = ValidationSeverity.ERROR;
    const problems = validate(docker.text, {
      deprecatedMaintainer: E,
      directiveCasing: E,
      emptyContinuationLine: E,
      instructionCasing: E,
      instructionCmdMultiple: E,
      instructionEntrypointMultiple: E,
      instructionHealthcheckMultiple: E,
      instructionJSONInSingleQuotes: E,
      instructionWorkdirRelative: E,
    }).map((d) => `Dockerfile:${d.range.start.line + 1}: ${d.message}`);
    expect(problems).toEqual([]);
  });

  it('builds a small image on pinned bases, runs as a user without privileges, and checks /healthz', () => {
    for (const base of docker.bases)
      expect(base).toMatch(/^[\w./-]+:\d+[\w.-]*(?:@sha256:[0-9a-f]{64})?(?:\s|$)/);
    expect(docker.bases.at(-1)).toMatch(/-alpine$/); // the run stage: a small base, the package alone
    expect(docker.user).toBe('node');
    expect(docker.order.indexOf('USER')).toBeLessThan(docker.order.indexOf('CMD'));
    expect(docker.healthcheck.join(' ')).toContain('/healthz');
    expect(docker.env).toMatchObject({ HOST: '0.0.0.0', PORT: '3000', NODE_ENV: 'production' });
    expect(docker.expose).toEqual([docker.env.PORT]);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(Object.keys(pkg.bin)).toContain(docker.cmd[0]);
  });

  it('copies only what exists and what .dockerignore lets through', () => {
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    for (const must of ['node_modules', '.git', '.env', '*.pem']) expect(ignored).toContain(must);
    const copies = [...docker.text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      (m[1] ?? '').split(/\s+/),
    );
    expect(copies).toEqual(['package.json', 'package-lock.json', '.']);
    for (const file of copies) expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
  });
});

describe('compose.yaml: the App with Redis and PostgreSQL', () => {
  const compose = parse(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8')) as {
    services: Record<
      string,
      {
        build?: string;
        image?: string;
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { test: string[] };
        secrets?: string[];
      }
    >;
    secrets: Record<string, { file: string }>;
  };
  const { app, redis, postgres } = compose.services;

  it('builds the App from this Dockerfile and starts it once Redis and PostgreSQL are healthy', () => {
    expect(app?.build).toBe('.');
    expect(app?.depends_on).toEqual({
      redis: { condition: 'service_healthy' },
      postgres: { condition: 'service_healthy' },
    });
    expect(redis?.healthcheck?.test.join(' ')).toContain('redis-cli ping');
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const s of [redis, postgres]) expect(s?.image).toMatch(/^\w+:\d+(?:\.\d+)*-alpine$/);
  });

  it('points REDIS_URL and DATABASE_URL at those services, the password from the environment', () => {
    expect(app?.environment?.REDIS_URL).toBe('redis://redis:6379');
    const db = new URL((app?.environment?.DATABASE_URL ?? '').replace(/\$\{[^}]+\}/, 'PASSWORD'));
    expect([db.protocol, db.username, db.host, db.pathname]).toEqual([
      'postgres:',
      postgres?.environment?.POSTGRES_USER,
      'postgres:5432',
      `/${postgres?.environment?.POSTGRES_DB}`,
    ]);
    expect(postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('reads the private key as a secret file that git ignores', () => {
    expect(app?.environment?.PRIVATE_KEY_PATH).toBe('/run/secrets/app-key');
    expect(app?.secrets).toEqual(['app-key']);
    expect(compose.secrets['app-key']?.file).toMatch(/\.pem$/);
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8')).toMatch(/^\*\.pem$/m);
  });
});
