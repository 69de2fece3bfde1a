import type { Tool } from './tool.js';

export const phpstan: Tool = {
  name: 'phpstan',
  commands: { type: ['phpstan'] },
  signals: {
    'type-error': [
      /\[ERROR\] Found \d+ errors?$/, // phpstan
    ],
  },
};
