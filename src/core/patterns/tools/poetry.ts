import type { Tool } from './tool.js';

export const poetry: Tool = {
  name: 'poetry',
  corpus: /\bpoetry\b/,
  commands: { dependency: ['poetry(?! run)'] },
  signals: {
    'dependency-unresolved': [
      /Dependencies could not be resolved|could not find a package matching/, // swift, pip/poetry
    ],
    'lockfile-mismatch': [/poetry\.lock (is not consistent|was last generated)/],
  },
};
