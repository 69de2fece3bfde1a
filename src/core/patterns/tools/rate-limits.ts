import type { Tool } from './tool.js';

export const rateLimits: Tool = {
  name: 'rate limits (any service)',
  corpus: 'rate-limited',
  signals: {
    'rate-limited': [
      'rate limit exceeded',
      'secondary rate limit',
      'Too Many Requests',
      /\b(HTTP|status|code)[: ]+429\b/i,
      /returned error: 429\b|\bE429\b|ERR_PNPM_FETCH_429|status code:? 429\b/i,
    ],
  },
};
