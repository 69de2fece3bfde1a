import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { detectChecks } from '../../../src/runner/checks/detect-checks.js';
import { runChecks } from '../../../src/runner/checks/run-checks.js';
import { createTempRepo } from '../../helpers/temp-repo.js';

// Real gofmt and go vet on a small module: what the detected checks print, and how the analyzer reads it.
describe('the detected Go checks, run for real', () => {
  it("gofmt fails on an unformatted file and is a format-error there; go vet's printf finding is a lint-error at its line", async () => {
    const dir = createTempRepo({
      'go.mod': 'module example.com/greet\n\ngo 1.19\n',
      'greet.go':
        'package greet\n\nimport "fmt"\n\nfunc Greet(name string) string {\n\treturn fmt.Sprintf("hello %s, you are %d", name)\n}\n',
      'pkg/util/util.go': 'package util\n\nfunc Twice(n int) int {   return n*2 }\n',
    });
    const { checks } = await detectChecks(dir);
    const wanted = checks.filter((c) => c.name === 'gofmt' || c.name === 'go-vet');
    const logDir = join(mkdtempSync(join(tmpdir(), 'closed-loop-logs-')), 'attempt-1');
    const [gofmt, vet] = await runChecks(wanted, { cwd: dir, logDir, catalogue: effectiveCatalogue() });

    expect(gofmt).toMatchObject({ name: 'gofmt', passed: false });
    expect(gofmt?.diagnosis).toMatchObject({
      pattern: 'format-error',
      strategy: 'auto_fix',
      locations: [{ file: 'pkg/util/util.go', line: 1 }],
    });
    expect(vet).toMatchObject({ name: 'go-vet', passed: false });
    expect(vet?.diagnosis).toMatchObject({
      pattern: 'lint-error',
      locations: [expect.objectContaining({ file: 'greet.go', line: 6 })],
    });
  });

  it('gofmt passes on formatted code', async () => {
    const dir = createTempRepo({
      'go.mod': 'module example.com/ok\n\ngo 1.19\n',
      'ok.go': 'package ok\n\nfunc One() int { return 1 }\n',
    });
    const { checks } = await detectChecks(dir);
    const logDir = join(mkdtempSync(join(tmpdir(), 'closed-loop-logs-')), 'attempt-1');
    const [gofmt] = await runChecks(
      checks.filter((c) => c.name === 'gofmt'),
      { cwd: dir, logDir, catalogue: effectiveCatalogue() },
    );
    expect(gofmt).toMatchObject({ name: 'gofmt', passed: true, diagnosis: null });
  });
});
