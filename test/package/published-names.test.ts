import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_ID } from '../../src/core/config/json-schema.js';
import { REPO_ROOT } from '../helpers/temp-repo.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  repository: { url: string };
  engines: { node: string };
};
const ownerRepo = /github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(pkg.repository.url)?.[1] ?? '';
const docs = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);

// One name for the repository, wherever a user copies it from: a workflow's `uses:`, the schema URL an
// editor fetches, the App's homepage. A fork changes package.json's `repository` and this test says
// what else to change.
describe('where closed-loop is published', () => {
  it('package.json names the repository', () => expect(ownerRepo).toBe('closed-loop/closed-loop'));

  it('the schema URL is the raw schema.json at the major tag of that repository', () => {
    expect(CONFIG_SCHEMA_ID).toBe(`https://raw.githubusercontent.com/${ownerRepo}/v1/schema.json`);
    expect(JSON.parse(read('schema.json')).$id).toBe(CONFIG_SCHEMA_ID);
    for (const file of [...docs, 'examples/closed-loop.yml'])
      for (const m of read(file).matchAll(/yaml-language-server: \$schema=(\S+)/g))
        expect([CONFIG_SCHEMA_ID, '../node_modules/closed-loop/schema.json'], file).toContain(m[1]);
  });

  it('every workflow in the docs uses the Action at its major tag', () => {
    const uses = docs.flatMap((file) =>
      [...read(file).matchAll(/uses: ([\w.-]+\/closed-loop)@([\w.-]+)/g)].map(
        (m) => `${file}: ${m[1]}@${m[2]}`,
      ),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) expect(use).toMatch(new RegExp(`: ${ownerRepo}@v1$`));
  });

  it("the App's homepage in its manifest", () =>
    expect(read('app.yml')).toMatch(new RegExp(`^url: https://github\\.com/${ownerRepo} `, 'm')));
});

describe('engines', () => {
  // `npm ci` warns (EBADENGINE) when a dependency wants a newer Node than the one running it: every
  // package in the lockfile must run on the oldest Node that package.json's engines allows.
  it('every locked dependency runs on the oldest Node that engines allows', () => {
    const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing, `engines says ${pkg.engines.node}`).toEqual([]);
  });
});
