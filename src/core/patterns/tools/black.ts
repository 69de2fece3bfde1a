import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const black: Tool = {
  name: 'black',
  corpus: /\bblack\b/,
  commands: { format: ['black'] },
  places: {
    files: [
      {
        literal: 'would reformat',
        shape: new RegExp(String.raw`^(?:would reformat|Would reformat:) (${PATH})$`),
      },
    ],
    worded: [
      {
        literal: 'Cannot parse: ',
        shape: new RegExp(String.raw`^error: cannot format (${PATH}): Cannot parse: (\d+):(\d+)`),
      },
    ],
  },
  signals: {
    'format-error': [
      /\bwould (?:be )?reformat(?:ted)?\b/, // black, ruff format --check
      /\d+ files? would be reformatted/,
      /^(?:---|\+\+\+) .+\t\((?:original|reformatted)\)$/, // black --diff
    ],
    'syntax-error': [
      /\bCannot parse: \d+:\d+/, // black
    ],
  },
};
