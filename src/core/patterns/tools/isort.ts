import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const isort: Tool = {
  name: 'isort',
  corpus: /\bisort\b/,
  commands: { format: ['isort'] },
  places: {
    files: [
      {
        literal: 'Imports are incorrectly sorted',
        shape: new RegExp(String.raw`^ERROR: (${PATH}) Imports are incorrectly sorted`),
      },
    ],
  },
  signals: {
    'format-error': [
      /Imports are incorrectly sorted|^ERROR: .+ Imports are incorrectly sorted/, // isort
    ],
  },
};
