import type { Tool } from './tool.js';

export const golangciLint: Tool = {
  name: 'golangci-lint',
  corpus: /\bgolangci-lint\b/,
  commands: { lint: ['golangci'] },
  signals: {
    'lint-error': [
      /\((errcheck|govet|staticcheck|unused|gosimple|ineffassign|revive|gocritic|gosec|stylecheck)\)$/, // golangci-lint
    ],
  },
};
