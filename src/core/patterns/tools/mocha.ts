import type { Tool } from './tool.js';

export const mocha: Tool = {
  name: 'mocha',
  corpus: /\bmocha\b/,
  commands: { test: ['mocha'] },
  signals: {
    'test-failure': [
      /^\s*\d+ failing$/, // mocha
    ],
    'test-timeout': [
      /Timeout of \d+ms exceeded/, // mocha
    ],
  },
};
