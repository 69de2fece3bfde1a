import type { Tool } from './tool.js';

export const timeoutCommand: Tool = {
  name: 'timeout (coreutils)',
  corpus: /\bcoreutils timeout\b/,
  signals: {
    timeout: [
      // timeout(1) killed the command. The code and its number spelled out together: `124` alone, the
      // literal the scanner would look for otherwise, is in versions, durations and counts of green logs.
      /exit(?:ed with)? (?:code 124|code '124|status 124|status '124)\b|exited with 124\.|^timeout: sending signal /,
    ],
  },
};
