import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const prettier: Tool = {
  name: 'prettier',
  corpus: /\bprettier\b/,
  commands: { format: ['prettier'] },
  listsFiles: /\bprettier\b.*\s(?:-l|--list-different)\b/,
  places: {
    files: [{ literal: '[warn] ', shape: new RegExp(String.raw`^\[warn\] (${PATH})$`) }],
    // A file it cannot parse: `[error] a.js: SyntaxError: Unexpected token (3:5)`.
    worded: [
      {
        literal: '[error] ',
        shape: new RegExp(String.raw`^\[error\] (${PATH}): \w*Error: .* \((\d+):(\d+)\)$`),
      },
    ],
  },
  signals: {
    'format-error': [
      'Code style issues found', // prettier --check
      'Run Prettier with --write to fix',
    ],
    'config-error': [
      /^\[error\] Invalid \w+ value\. Expected /, // prettier: an option of .prettierrc
    ],
  },
};
