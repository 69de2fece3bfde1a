import type { Tool } from './tool.js';

export const vitest: Tool = {
  name: 'vitest',
  corpus: /\bvitest\b/,
  commands: { test: ['vitest'] },
  signals: {
    'syntax-error': [
      /Failed to parse source for import analysis/, // vite, vitest
    ],
    'test-failure': [
      /Tests?:?\s+\d+ failed/, // vitest, jest
      /^\s*FAIL\s+\S/, // vitest, jest file lines
      /^\s*(×|✗)\s(?!Build failed).+\s\d+m?s$/, // vitest failed test lines (with a duration)
    ],
    'snapshot-mismatch': [
      /Snapshot .+ mismatched/, // vitest
    ],
    'test-timeout': [
      'Test timed out in', // vitest
      /Hook timed out in/,
    ],
    'config-error': [
      /failed to load config from/i, // vite, vitest
      /No tests found, exiting with code 1|No test files found, exiting with code 1/, // jest, vitest: nothing matched the test config
    ],
  },
};
