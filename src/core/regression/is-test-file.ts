const TEST_FILE = [
  /(?:^|\/)[^/]+\.(?:test|spec)\.[cm]?[jt]sx?$/, // a.test.ts, a.spec.jsx
  /(?:^|\/)__tests__\/.+\.[cm]?[jt]sx?$/,
  /(?:^|\/)test_[^/]+\.py$/,
  /(?:^|\/)[^/]+_test\.py$/,
  /(?:^|\/)[^/]+_test\.go$/,
];

/**
 * Whether a repo-relative path is a test file by the usual conventions of vitest/jest, pytest and go test.
 */
export function isTestFile(path: string): boolean {
  return TEST_FILE.some((regex) => regex.test(path));
}
