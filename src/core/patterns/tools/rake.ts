import type { Tool } from './tool.js';

export const rake: Tool = {
  name: 'rake',
  corpus: /\brake\b/,
  commands: { task: ['rake'] },
  signals: {
    'missing-script': [
      /^Don't know how to build task /, // rake
    ],
  },
};
