import type { Tool } from './tool.js';

export const ruby: Tool = {
  name: 'Ruby',
  corpus: /\bruby\b/,
  signals: {
    'import-not-found': [
      /cannot load such file -- /, // ruby LoadError
    ],
    'config-error': [
      'Psych::SyntaxError', // ruby: a YAML file (.rubocop.yml, config/*.yml) does not parse
    ],
  },
};
