import type { Tool } from './tool.js';

export const nodeTest: Tool = {
  name: 'node:test',
  corpus: /node:test/,
  signals: {
    'test-failure': [
      /^# fail [1-9]/, // node:test
      /^\s*not ok \d+ /, // TAP (node:test)
      /^\s*✖ .+\([\d.]+ms\)$/, // node:test spec reporter
    ],
  },
};
