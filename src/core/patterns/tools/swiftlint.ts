import type { Tool } from './tool.js';

export const swiftlint: Tool = {
  name: 'swiftlint',
  commands: { lint: ['swiftlint'] },
  signals: {
    'lint-error': [
      /\.swift:\d+:\d+: (?:error|warning): .+ \([a-z_]+\)$/, // swiftlint
    ],
  },
};
