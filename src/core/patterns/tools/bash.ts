import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const bash: Tool = {
  name: 'bash',
  corpus: /\bbash\b/,
  places: {
    worded: [{ literal: ': line ', shape: new RegExp(String.raw`^(${PATH}): line (\d+): `) }],
  },
  signals: {
    'config-error': [
      /: unbound variable$/, // bash set -u: a variable the job needs is unset
    ],
    'command-not-found': [/: command not found$/],
  },
};
