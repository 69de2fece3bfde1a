import type { Tool } from './tool.js';

export const timeoutCommand: Tool = {
  name: 'timeout (coreutils)',
  corpus: /\bcoreutils timeout\b/,
  signals: {
    timeout: [
      /exit(?:ed with)? (?:code|status) '?124\b|exited with 124\.|^timeout: sending signal /, // timeout(1) killed the command
    ],
  },
};
