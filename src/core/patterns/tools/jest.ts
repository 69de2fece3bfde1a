import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const jest: Tool = {
  name: 'jest',
  corpus: /\bjest\b/,
  commands: { test: ['jest'] },
  places: {
    // babel (jest's transform):
    // `SyntaxError: src/a.test.ts: Missing initializer in const declaration. (1:7)`.
    worded: [
      {
        literal: 'SyntaxError: ',
        shape: new RegExp(String.raw`SyntaxError: (${PATH}): .* \((\d+):(\d+)\)$`),
      },
    ],
  },
  signals: {
    'test-failure': ['expect(received)'],
    'snapshot-mismatch': [/toMatch(Inline)?Snapshot/, /\d+ snapshots? failed/, /Snapshots:\s+\d+ failed/],
    'test-timeout': [
      'Exceeded timeout of', // jest
    ],
    'config-error': [
      /in the (?:setupFiles|setupFilesAfterEnv|testEnvironment|preset|globalSetup|globalTeardown|moduleNameMapper)\w* option was not found|^\s*● Validation Error/, // jest
    ],
  },
};
