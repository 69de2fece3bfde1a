import type { Tool } from './tool.js';

export const credo: Tool = {
  name: 'credo',
  commands: { lint: ['credo'] },
  signals: {
    'lint-error': [
      /^\s*┃ \[[CRWFD]\] /, // credo
    ],
  },
};
