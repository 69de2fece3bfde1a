import type { Tool } from './tool.js';

export const biome: Tool = {
  name: 'Biome',
  corpus: /\bbiome\b/,
  commands: { lint: ['biome'] },
  signals: {
    'lint-error': [
      /\blint\/[a-z]+\/[a-zA-Z]+\b/, // biome lint rule ids
    ],
    'format-error': [
      'Formatter would have printed the following content', // biome
    ],
    'config-error': [
      'configuration resulted in errors', // biome
    ],
  },
};
