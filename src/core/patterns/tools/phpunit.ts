import type { Tool } from './tool.js';

export const phpunit: Tool = {
  name: 'phpunit',
  corpus: /\bphpunit\b/,
  commands: { test: ['phpunit'] },
  signals: {
    'test-failure': [
      /^FAILURES!$|^Tests: \d+, Assertions: \d+, (?:Failures|Errors): /, // phpunit
    ],
    'config-error': [
      /^Could not load "\S*phpunit\.xml(?:\.dist)?"/, // phpunit's config file does not parse
    ],
  },
};
