import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const php: Tool = {
  name: 'PHP',
  corpus: /\bphp \d/,
  places: {
    worded: [{ literal: ' on line ', shape: new RegExp(String.raw`\sin (${PATH}) on line (\d+)`) }],
  },
  signals: {
    'syntax-error': [
      /Unclosed '.' (?:on line [\d]+ |)does not match|Parse error: |syntax error, unexpected /, // php
    ],
  },
};
