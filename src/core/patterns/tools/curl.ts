import type { Tool } from './tool.js';

export const curl: Tool = {
  name: 'curl',
  corpus: /\bcurl\b/,
  commands: { network: ['curl'] },
  signals: {
    'network-error': [
      'Could not resolve host',
      /Failed to connect to .+ port \d+|Couldn't connect to server/,
    ],
  },
};
