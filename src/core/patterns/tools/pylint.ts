import type { Tool } from './tool.js';

export const pylint: Tool = {
  name: 'pylint',
  corpus: /\bpylint\b/,
  commands: { lint: ['pylint'] },
  signals: {
    'lint-error': [
      /^[^\s:]+\.py:\d+:\d+: [EFWCR]\d{4}: /, // pylint
    ],
  },
};
