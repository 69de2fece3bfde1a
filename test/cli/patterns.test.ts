import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('closed-loop patterns', () => {
  it('lists every default pattern with its strategy and retryability', () => {
    const r = runCli(['patterns']);
    expect(r.status).toBe(0);
    for (const id of [
      'lint-error',
      'format-error',
      'type-error',
      'syntax-error',
      'build-error',
      'test-failure',
      'snapshot-mismatch',
      'test-timeout',
      'import-not-found',
      'dependency-conflict',
      'lockfile-mismatch',
      'permission-error',
      'auth-error',
      'network-error',
      'rate-limited',
      'timeout',
      'out-of-memory',
      'disk-full',
      'merge-conflict',
      'git-error',
      'config-error',
      'regression-detected',
      'dependency-unresolved',
      'manifest-invalid',
      'missing-script',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^${id} `, 'm'));
    }
    expect(r.stdout).toMatch(/^permission-error +permission +escalate .* no /m);
  });

  it('shows, line by line, which signals of one pattern match a log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-ptest-'));
    writeFileSync(
      join(dir, 'net.log'),
      'npm http fetch GET https://registry.npmjs.org/x\n ✓ retries on ECONNRESET\nnpm error code ECONNREFUSED\nnpm error connect ECONNREFUSED 127.0.0.1:9\n',
    );
    const r = runCli(['patterns', 'test', 'network-error', 'net.log'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('network-error against net.log: 2 matching line(s)');
    expect(r.stdout).toMatch(/ +3 │ npm error code ECONNREFUSED\n +└ ECONNREFUSED/);
    expect(r.stdout).toContain('1 line(s) ignored because they report a passing check');
    expect(r.stdout).toMatch(/unmatched signals \(\d+\):\n {2}· ENOTFOUND/);
  });

  it('tests the patterns for JVM dependency resolution against a Maven log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-ptest-'));
    writeFileSync(
      join(dir, 'mvn.log'),
      '[INFO] BUILD FAILURE\n[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.acme:app:jar:1.0: Could not find artifact com.acme:lib:jar:9.9 in central\n',
    );
    const r = runCli(['patterns', 'test', 'dependency-unresolved', 'mvn.log'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('dependency-unresolved against mvn.log: 1 matching line(s)');
    expect(r.stdout).toMatch(
      / +2 │ \[ERROR\] Failed to execute goal on project app: Could not resolve dependencies/,
    );
  });

  it('names the known ids when the id is wrong', () => {
    const r = runCli(['patterns', 'test', 'lint', 'x.log'], { input: '' });
    expect(r.status).toBe(2);
  });
});
