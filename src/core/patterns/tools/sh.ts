import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const sh: Tool = {
  name: 'sh (dash)',
  corpus: /\bdash\b|\bsh from\b/,
  places: {
    // dash: `./build.sh: 3: foo: not found`.
    worded: [{ literal: '.sh: ', shape: new RegExp(String.raw`^(${PATH}): (\d+): `) }],
  },
  signals: {
    'syntax-error': [
      /\bsyntax error\b/i, // bison parsers, sh (`Syntax error: "(" unexpected`)
    ],
    'command-not-found': [/^(sh|bash|zsh|\/bin\/sh)[\w :]*: \S+: (command )?not found$/],
  },
};
