import type { Tool } from './tool.js';

export const minitest: Tool = {
  name: 'minitest',
  corpus: /\bminitest\b/,
  commands: { test: ['minitest'] },
  signals: {
    'test-failure': [
      /\d+ runs, \d+ assertions, (?:[1-9]\d* failures|\d+ failures, [1-9]\d* errors)/, // minitest
    ],
  },
};
