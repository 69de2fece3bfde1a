import type { Tool } from './tool.js';

export const timeLimits: Tool = {
  name: 'time limits (any tool)',
  corpus: 'timeout',
  signals: {
    timeout: ['ETIMEDOUT', 'ESOCKETTIMEDOUT', /\btimed out\b/, 'TimeoutError'],
  },
};
