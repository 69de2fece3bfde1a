import type { Tool } from './tool.js';

export const credentials: Tool = {
  name: 'credentials (any tool)',
  signals: {
    'auth-error': [
      '401 Unauthorized',
      'Bad credentials',
      /requires you to be logged in|You must be logged in|authentication required/i,
    ],
  },
};
