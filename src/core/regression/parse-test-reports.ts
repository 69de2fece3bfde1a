import { emptyResult, type FileTestResult } from './file-test-result.js';

/** The failing "test" standing for a test file (or Go package) that could not run at all. */
export const DID_NOT_RUN = '(did not run: failed to load or build)';

interface JestJson {
  testResults?: Array<{
    name?: string;
    status?: string;
    assertionResults?: Array<{ title?: string; ancestorTitles?: string[]; status?: string }>;
  }>;
}

/**
 * Per test file results from a Jest-compatible JSON report (`vitest --reporter=json`, `jest --json`),
 * keyed by `toFile(name)` (the report's absolute path → the caller's repo-relative one).
 * Skipped and todo tests are not counted.
 */
export function parseJestJson(text: string, toFile: (name: string) => string): Map<string, FileTestResult> {
  const report = JSON.parse(text) as JestJson;
  const results = new Map<string, FileTestResult>();
  for (const suite of report.testResults ?? []) {
    const file = toFile(suite.name ?? '');
    const result = emptyResult(file);
    for (const test of suite.assertionResults ?? []) {
      const name = [...(test.ancestorTitles ?? []), test.title ?? ''].join(' > ');
      if (test.status === 'passed') count(result, true, name);
      else if (test.status === 'failed') count(result, false, name);
    }
    if (suite.status === 'failed' && result.fail_count === 0) count(result, false, DID_NOT_RUN);
    results.set(file, result);
  }
  return results;
}

const TESTCASE = /<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g;

/**
 * Per test case results from a JUnit XML report (pytest --junitxml), keyed by `toFile(attributes)`
 * (null drops the case). A case with <failure> or <error> fails; one with <skipped> is not counted.
 */
export function parseJunitXml(
  text: string,
  toFile: (attrs: Record<string, string>) => string | null,
): Map<string, FileTestResult> {
  const results = new Map<string, FileTestResult>();
  for (const match of text.matchAll(TESTCASE)) {
    const attrs = parseAttributes(match[1]!);
    const body = match[2] ?? '';
    const file = toFile(attrs);
    if (file === null || /<skipped\b/.test(body)) continue;
    const result = results.get(file) ?? emptyResult(file);
    const name = attrs.classname
      ? `${attrs.classname.split('.').pop()} > ${attrs.name ?? ''}`
      : (attrs.name ?? DID_NOT_RUN);
    count(result, !/<(?:failure|error)\b/.test(body), name);
    results.set(file, result);
  }
  return results;
}

/**
 * Per package results from `go test -json` output, keyed by import path. Subtests count as tests; a
 * package that failed without any failing test (a build error) gets DID_NOT_RUN.
 */
export function parseGoTestJson(text: string): Map<string, FileTestResult> {
  const results = new Map<string, FileTestResult>();
  for (const line of text.split('\n')) {
    let event: { Action?: string; Package?: string; Test?: string };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      continue;
    }
    if (!event.Package || (event.Action !== 'pass' && event.Action !== 'fail')) continue;
    const result = results.get(event.Package) ?? emptyResult(event.Package);
    results.set(event.Package, result);
    if (event.Test) count(result, event.Action === 'pass', event.Test);
    else if (event.Action === 'fail' && result.fail_count === 0) count(result, false, DID_NOT_RUN);
  }
  return results;
}

function count(result: FileTestResult, passed: boolean, name: string): void {
  result.test_count += 1;
  if (passed) {
    result.pass_count += 1;
  } else {
    result.fail_count += 1;
    result.failing.push(name);
  }
}

function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attrs[m[1]!] = decodeXml(m[2]!);
  return attrs;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_m, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return named[e.toLowerCase()] ?? '';
  });
}
