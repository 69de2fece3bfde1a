import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const bats: Tool = {
  name: 'bats',
  corpus: /\bbats\b/,
  commands: { test: ['bats'] },
  places: {
    worded: [
      { literal: 'in test file ', shape: new RegExp(String.raw`\(in test file (${PATH}), line (\d+)\)`) },
    ],
  },
};
