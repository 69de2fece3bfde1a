import type { Tool } from './tool.js';

export const cppcheck: Tool = {
  name: 'cppcheck',
  corpus: /\bcppcheck\b/,
  signals: {
    'lint-error': [
      /: (?:error|warning|style|performance|portability): .+ \[[a-z][A-Za-z0-9]+\]$/, // cppcheck
    ],
  },
};
