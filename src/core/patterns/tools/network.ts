import type { Tool } from './tool.js';

export const network: Tool = {
  name: 'the network (any tool)',
  corpus: 'network-error',
  signals: {
    'network-error': [
      'ECONNREFUSED',
      'ENOTFOUND',
      'ECONNRESET',
      'EAI_AGAIN',
      'EHOSTUNREACH',
      'Temporary failure in name resolution',
      'socket hang up',
      'Network is unreachable',
      'Connection refused',
      'Connection reset by peer',
      /\b(502 Bad Gateway|503 Service Unavailable)\b/,
    ],
  },
};
