import type { Tool } from './tool.js';

export const githubActions: Tool = {
  name: 'GitHub Actions',
  corpus: /\bGitHub Actions\b/,
  signals: {
    'permission-error': ['Resource not accessible by integration'],
    timeout: [
      'has exceeded the maximum execution time', // GitHub Actions
      'The operation was canceled.',
    ],
    'config-error': [/Invalid workflow file|yaml: line \d+: /],
  },
};
