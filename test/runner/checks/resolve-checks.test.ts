import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, type Check } from '../../../src/core/config/schema.js';
import { NoChecksError } from '../../../src/runner/checks/no-checks-error.js';
import { resolveChecks } from '../../../src/runner/checks/resolve-checks.js';
import { writeFiles } from '../../helpers/temp-repo.js';

const project = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-resolve-'));
  writeFiles(dir, files);
  return dir;
};
const configured: Check = { name: 'unit', type: 'test', command: 'make test', timeout: 60 };

describe('resolveChecks', () => {
  it("takes the config's checks when it lists any, and still detects the project", async () => {
    const dir = project({
      'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
      'yarn.lock': '',
    });
    const resolved = await resolveChecks({ ...defaultConfig(), checks: [configured] }, dir);
    expect(resolved).toMatchObject({
      checks: [configured],
      source: 'config',
      project: { packageManager: 'yarn', ecosystems: ['node'] },
    });
  });

  it('detects the checks when the config has none', async () => {
    const dir = project({ 'go.mod': 'module p\n' });
    const resolved = await resolveChecks(defaultConfig(), dir);
    expect(resolved.source).toBe('detected');
    expect(resolved.checks.map((c) => c.name)).toEqual(['gofmt', 'go-vet', 'go-test', 'go-build']);
  });

  it('without any checks throws a NoChecksError saying what to do', async () => {
    const dir = project({ 'README.md': '' });
    const error = await resolveChecks(defaultConfig(), dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NoChecksError);
    expect((error as Error).message).toBe(
      `no checks configured or detected in ${dir}: add a checks section to .github/closed-loop.yml (docs/config.md)`,
    );
  });

  it('names what got in the way of detection', async () => {
    const dir = project({ 'package.json': '{' });
    await expect(resolveChecks(defaultConfig(), dir)).rejects.toThrow(
      new RegExp(
        `^no checks configured or detected in ${dir} \\(package\\.json is not valid JSON \\(.+\\)\\): add a checks section`,
      ),
    );
  });
});
