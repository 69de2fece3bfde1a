import type { Tool } from './tool.js';

export const hadolint: Tool = {
  name: 'hadolint',
  commands: { lint: ['hadolint'] },
  signals: {
    'lint-error': [
      /\bDL\d{4}\b|\bSC\d{4}\b.*hadolint/, // hadolint
    ],
  },
};
