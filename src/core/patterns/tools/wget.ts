import type { Tool } from './tool.js';

export const wget: Tool = {
  name: 'wget',
  corpus: /\bwget\b/,
  commands: { network: ['wget'] },
  signals: {
    'auth-error': [
      /ERROR 40[13]: (?:Forbidden|Unauthorized)/, // wget
    ],
  },
};
