import type { Tool } from './tool.js';

export const rspec: Tool = {
  name: 'rspec',
  corpus: /\brspec\b/,
  commands: { test: ['rspec'] },
  signals: {
    'test-failure': [
      /\d+ (?:examples?|tests?|properties|doctests?), [1-9]\d* failures?/, // rspec, ExUnit
    ],
  },
};
