import type { Tool } from './tool.js';

export const flake8: Tool = {
  name: 'flake8',
  corpus: /\bflake8\b/,
  commands: { lint: ['flake8'] },
  signals: {
    'lint-error': [
      /^[^\s:]+\.py:\d+:\d+: [EFWCNB]\d{3} /, // flake8
    ],
  },
};
