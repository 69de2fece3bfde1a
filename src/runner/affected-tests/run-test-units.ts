import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { FileTestResult } from '../../core/regression/file-test-result.js';
import { parseGoTestJson, parseJestJson, parseJunitXml } from '../../core/regression/parse-test-reports.js';
import { shellJoin } from '../../core/strategies/shell-quote.js';
import { runCommand } from '../exec/run-command.js';
import type { TestRunner } from './detect-test-runner.js';

export interface RunUnitsOptions {
  timeoutMs: number;
  /** The Go module path, to turn `go test -json` packages back into directories. */
  goModule?: { path: string; dir: string };
}

/** Thrown when the runner produced no report at all (not installed, crashed, timed out). */
export class TestRunError extends Error {}

/**
 * Runs the given units — test files, or package directories for go — with the runner's
 * machine-readable reporter, and returns each unit's results (units with no results are absent).
 */
export async function runTestUnits(
  cwd: string,
  runner: TestRunner,
  units: readonly string[],
  options: RunUnitsOptions,
): Promise<Map<string, FileTestResult>> {
  if (units.length === 0) return new Map();
  const tmp = mkdtempSync(join(tmpdir(), 'closed-loop-tests-'));
  const report = join(tmp, runner === 'pytest' ? 'report.xml' : 'report.json');
  try {
    let stdout = '';
    let output = '';
    const result = await runCommand(commandFor(cwd, runner, units, report), {
      cwd,
      timeoutMs: options.timeoutMs,
      onOutput: (chunk, stream) => {
        if (stream === 'stdout') stdout += chunk;
        output = (output + chunk).slice(-4000);
      },
    });
    const text = runner === 'go' ? stdout : existsSync(report) ? readFileSync(report, 'utf8') : '';
    if (text.trim() === '' || result.timedOut) {
      const why = result.timedOut
        ? `timed out after ${options.timeoutMs} ms`
        : (result.error ?? `exit ${result.exitCode}`);
      throw new TestRunError(
        `${runner} produced no test report (${why}). Its output ends with:\n${output.trim()}`,
      );
    }
    return parseReport(cwd, runner, text, units, options);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function commandFor(cwd: string, runner: TestRunner, units: readonly string[], report: string): string {
  const bin = (name: string): string[] =>
    existsSync(join(cwd, 'node_modules', '.bin', name))
      ? [join('node_modules', '.bin', name)]
      : ['npx', '--no-install', name];
  switch (runner) {
    case 'vitest':
      return shellJoin([...bin('vitest'), 'run', '--reporter=json', `--outputFile=${report}`, ...units]);
    case 'jest':
      return shellJoin([...bin('jest'), '--json', `--outputFile=${report}`, '--runTestsByPath', ...units]);
    case 'pytest':
      return shellJoin([
        'python3',
        '-m',
        'pytest',
        '-q',
        '-p',
        'no:cacheprovider',
        '-o',
        'junit_family=xunit1',
        `--junitxml=${report}`,
        ...units,
      ]);
    case 'go':
      return shellJoin(['go', 'test', '-json', ...units.map((dir) => (dir === '' ? '.' : `./${dir}`))]);
  }
}

function parseReport(
  cwd: string,
  runner: TestRunner,
  text: string,
  units: readonly string[],
  options: RunUnitsOptions,
): Map<string, FileTestResult> {
  if (runner === 'vitest' || runner === 'jest') {
    const roots = [cwd, realpathSync(cwd)];
    return parseJestJson(text, (name) => {
      const root = roots.find((r) => name.startsWith(r + sep)) ?? cwd;
      return relative(root, name).split(sep).join('/');
    });
  }
  if (runner === 'pytest') return parseJunitXml(text, (attrs) => pytestFile(attrs, units));
  const byPackage = parseGoTestJson(text);
  const results = new Map<string, FileTestResult>();
  const mod = options.goModule;
  for (const dir of units) {
    const importPath = mod
      ? [mod.path, dir.slice(mod.dir === '' ? 0 : mod.dir.length + 1)].filter(Boolean).join('/')
      : dir;
    const found = byPackage.get(importPath);
    if (found) results.set(dir, { ...found, file: dir });
  }
  return results;
}

/** The test file a pytest case belongs to: its `file` attribute, else its dotted classname. */
function pytestFile(attrs: Record<string, string>, units: readonly string[]): string | null {
  if (attrs.file && units.includes(attrs.file)) return attrs.file;
  const dotted = attrs.classname || attrs.name || '';
  return (
    units.find((unit) => {
      const module = unit.replace(/\.py$/, '').replaceAll('/', '.');
      return dotted === module || dotted.startsWith(`${module}.`);
    }) ?? null
  );
}
