import type { Tool } from './tool.js';

export const pmd: Tool = {
  name: 'PMD',
  commands: { lint: ['pmd'] },
  signals: {
    'lint-error': [
      /You have \d+ PMD violations?|PMD Failure: |PMD rule violations were found/, // PMD
    ],
  },
};
