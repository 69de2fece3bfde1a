import type { Tool } from './tool.js';

export const markdownlint: Tool = {
  name: 'markdownlint',
  corpus: /\bmarkdownlint\b/,
  commands: { lint: ['markdownlint'] },
  signals: {
    'lint-error': [
      /:[\d:]+ (?:error |warning )?MD\d{3}\/[a-z-]+/, // markdownlint (0.40+ prints the severity)
    ],
  },
};
