import type { Tool } from './tool.js';

export const clangFormat: Tool = {
  name: 'clang-format',
  commands: { format: ['clang-format'] },
  signals: {
    'format-error': [
      /clang-format-violations|code should be clang-formatted/, // clang-format --dry-run -Werror
    ],
  },
};
