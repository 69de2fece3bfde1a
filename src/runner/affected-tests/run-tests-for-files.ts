import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyResult, sumResults, type FileTestResult } from '../../core/regression/file-test-result.js';
import { isTestFile } from '../../core/regression/is-test-file.js';
import { parseGoModulePath } from '../../core/regression/parse-go-imports.js';
import { dirnamePosix } from '../../core/regression/posix-path.js';
import { detectTestRunner, type TestRunner } from './detect-test-runner.js';
import { buildImportGraph, toRepoPath, type ImportGraph } from './import-graph.js';
import { runTestUnits, TestRunError } from './run-test-units.js';

export interface RunTestsOptions {
  /** Detected from the project when absent. */
  runner?: TestRunner;
  /** For the whole test run; default 10 minutes. */
  timeoutMs?: number;
  /** How many levels of importers to search for the tests covering a source file; default 2. */
  testSearchDepth?: number;
  /** An import graph already built for `cwd` (it is built otherwise). */
  graph?: ImportGraph;
}

/**
 * Test results for each of `files` (repo-relative), in order: a test file's own, or the sum of the
 * test files that import the source file (through up to `testSearchDepth` levels of importers); for
 * Go, its package's tests and those of test files importing it. All tests run in one runner call.
 * A file no test covers gets zero counts. Throws TestRunError when the runner produced no report.
 */
export async function runTestsForFiles(
  cwd: string,
  files: readonly string[],
  options: RunTestsOptions = {},
): Promise<FileTestResult[]> {
  const runner = options.runner ?? detectTestRunner(cwd);
  if (runner === null)
    throw new TestRunError(
      'No test runner found (vitest or jest in package.json, pytest config, or go.mod).',
    );
  const graph = options.graph ?? buildImportGraph(cwd);
  const repoFiles = files.map((f) => toRepoPath(cwd, f));
  const unitsByFile = new Map(
    repoFiles.map((file) => [file, unitsFor(file, runner, graph, options.testSearchDepth ?? 2)]),
  );
  const allUnits = [...new Set([...unitsByFile.values()].flat())].sort();
  const results = await runTestUnits(cwd, runner, allUnits, {
    timeoutMs: options.timeoutMs ?? 600_000,
    ...(runner === 'go' ? { goModule: rootGoModule(cwd) } : {}),
  });
  return repoFiles.map((file) =>
    sumResults(
      file,
      (unitsByFile.get(file) ?? []).map((unit) => results.get(unit) ?? emptyResult(unit)),
    ),
  );
}

/** The test files (or Go package directories) whose results count for `file`. */
function unitsFor(file: string, runner: TestRunner, graph: ImportGraph, depth: number): string[] {
  if (runner === 'go') {
    // Only a Go file has a package: a changed go.mod or .github/ file's folder is none (`no Go files in`).
    if (!file.endsWith('.go')) return [];
    const dirs = new Set([dirnamePosix(file)]);
    for (const importer of graph.importers.get(file) ?? [])
      if (isTestFile(importer)) dirs.add(dirnamePosix(importer));
    return [...dirs];
  }
  if (isTestFile(file)) return [file];
  const tests = new Set<string>();
  const seen = new Set([file]);
  let frontier = [file];
  for (let level = 0; level < depth && frontier.length > 0; level += 1) {
    const next: string[] = [];
    for (const current of frontier) {
      for (const importer of graph.importers.get(current) ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (isTestFile(importer)) tests.add(importer);
        else next.push(importer);
      }
    }
    frontier = next;
  }
  return [...tests].sort();
}

function rootGoModule(cwd: string): { path: string; dir: string } | undefined {
  try {
    const path = parseGoModulePath(readFileSync(join(cwd, 'go.mod'), 'utf8'));
    return path ? { path, dir: '' } : undefined;
  } catch {
    return undefined;
  }
}
