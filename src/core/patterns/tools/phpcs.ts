import type { Tool } from './tool.js';

export const phpcs: Tool = {
  name: 'phpcs',
  corpus: /\bphpcs\b|\bphp-codesniffer\b/,
  commands: { lint: ['phpcs'] },
  places: {
    // Its full report: `FILE: /abs/A.php`, then ` 12 | ERROR | …`.
    sections: [{ literal: 'FILE: ', header: /^FILE: (\S+)\s*$/, row: /^\s*(\d+) \| ERROR \| / }],
  },
  signals: {
    'lint-error': [
      /FOUND \d+ ERRORS? (?:AND|AFFECTING) /, // phpcs
      /:\d+:\d+: (?:error|warning) - /, // phpcs (emacs report)
    ],
    'config-error': [
      /coding standard is not installed|Referenced sniff .+ does not exist/, // phpcs
    ],
  },
};
