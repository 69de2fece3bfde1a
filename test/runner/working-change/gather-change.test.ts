import { chmodSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/runner/git/snapshot.js';
import { gatherChange } from '../../../src/runner/working-change/gather-change.js';
import { validateWorkingChange } from '../../../src/runner/working-change/validate-working-change.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { createTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const token = `ghp_${'Qw3'.repeat(12)}`;

describe('gatherChange', () => {
  it("describes what the fix changed, not the user's earlier uncommitted work", async () => {
    const dir = createTempRepo({ 'a.ts': 'one\ntwo\n', 'gone.ts': 'bye\n', 'user.ts': 'u\n' });
    writeFiles(dir, { 'user.ts': `u\nconst t = '${token}';\n`, 'mine.txt': 'untracked\n' });
    const snap = await takeSnapshot(dir);
    writeFiles(dir, { 'a.ts': 'one\n2\nthree\n', 'new/b.json': '{"b": 1}\n' });
    rmSync(join(dir, 'gone.ts'));
    const facts = await gatherChange(dir, snap, 'auto_fix');
    expect(facts).toEqual({
      strategy: 'auto_fix',
      files: [
        {
          path: 'a.ts',
          status: 'modified',
          sizeBefore: 8,
          sizeAfter: 12,
          text: 'one\n2\nthree\n',
          addedLines: ['2', 'three'],
          lines: {
            added: [
              { line: 2, text: '2' },
              { line: 3, text: 'three' },
            ],
            removed: [{ line: 2, text: 'two' }],
          },
        },
        {
          path: 'gone.ts',
          status: 'deleted',
          sizeBefore: 4,
          sizeAfter: 0,
          addedLines: [],
          lines: { added: [], removed: [{ line: 1, text: 'bye' }] },
        },
        {
          path: 'new/b.json',
          status: 'added',
          sizeBefore: 0,
          sizeAfter: 9,
          text: '{"b": 1}\n',
          addedLines: ['{"b": 1}'],
          lines: { added: [{ line: 1, text: '{"b": 1}' }], removed: [] },
        },
      ],
    });
  });

  it('leaves out the text of binary, non-UTF-8 and over-cap files, and reads a symlink as a link', async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' });
    const snap = await takeSnapshot(dir);
    writeFileSync(join(dir, 'bin.dat'), Buffer.from([0, 1, 2, 3]));
    writeFileSync(join(dir, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    writeFiles(dir, { 'big.txt': 'x'.repeat(100) });
    symlinkSync('/etc/passwd', join(dir, 'link'));
    const facts = await gatherChange(dir, snap, 'auto_fix', 50);
    const byPath = Object.fromEntries(facts.files.map((f) => [f.path, f]));
    expect(byPath['bin.dat']).toMatchObject({ status: 'added', sizeAfter: 4 });
    expect(byPath['bin.dat']?.text).toBeUndefined();
    expect(byPath['latin1.txt']?.text).toBeUndefined();
    expect(byPath['big.txt']).toMatchObject({ sizeAfter: 100, addedLines: ['x'.repeat(100)] });
    expect(byPath['big.txt']?.text).toBeUndefined();
    expect(byPath.link).toMatchObject({ sizeAfter: '/etc/passwd'.length });
    expect(byPath.link?.text).toBeUndefined();
  });

  it('reports a mode-only change with no added lines', async () => {
    const dir = createTempRepo({ 'run.sh': 'echo hi\n' });
    const snap = await takeSnapshot(dir);
    chmodSync(join(dir, 'run.sh'), 0o755);
    expect((await gatherChange(dir, snap, 'auto_fix')).files).toEqual([
      {
        path: 'run.sh',
        status: 'modified',
        sizeBefore: 8,
        sizeAfter: 8,
        text: 'echo hi\n',
        addedLines: [],
        lines: { added: [], removed: [] },
      },
    ]);
  });

  it('is empty when nothing changed', async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' });
    expect(await gatherChange(dir, await takeSnapshot(dir), 'auto_fix')).toEqual({
      strategy: 'auto_fix',
      files: [],
    });
  });
});

describe('validateWorkingChange', () => {
  it('passes a clean fix', async () => {
    const dir = createTempRepo({ 'a.ts': 'let a = 1\n' });
    const snap = await takeSnapshot(dir);
    writeFiles(dir, { 'a.ts': 'const a = 1;\n' });
    const result = await validateWorkingChange(dir, snap, 'auto_fix', defaultConfig());
    expect(result).toMatchObject({ passed: true, violations: [] });
    expect(result.gates_checked).toEqual([
      'syntax',
      'forbidden_paths',
      'lockfiles',
      'size',
      'secrets',
      'weakened_checks',
    ]);
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('catches a broken YAML file, a workflow edit, a lockfile and an added secret in one go', async () => {
    const dir = createTempRepo({
      'config.yml': 'a: 1\n',
      'package-lock.json': '{}\n',
      '.github/workflows/ci.yml': 'on: push\n',
      'test/fixture.ts': `export const key = '${token}';\n`,
    });
    const snap = await takeSnapshot(dir);
    writeFiles(dir, {
      'config.yml': 'a: [1\n',
      'package-lock.json': '{"lockfileVersion": 3}\n',
      '.github/workflows/ci.yml': 'on: [push]\n',
      'src/token.ts': `export const token = '${token}';\n`,
      'test/fixture.ts': `export const key = '${token}';\nexport const other = 1;\n`, // the existing key is not new
    });
    const result = await validateWorkingChange(dir, snap, 'auto_fix', defaultConfig());
    expect(result.passed).toBe(false);
    expect(result.violations.map((v) => `${v.gate} ${v.path}`)).toEqual([
      'syntax config.yml',
      'forbidden_paths .github/workflows/ci.yml',
      'lockfiles package-lock.json',
      'secrets src/token.ts',
    ]);
    expect(JSON.stringify(result)).not.toContain(token);
    const again = await validateWorkingChange(dir, snap, 'dependency_check', defaultConfig());
    expect(again.violations.map((v) => v.gate)).not.toContain('lockfiles');
  });
});
