import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const webpack: Tool = {
  name: 'webpack',
  corpus: /\bwebpack\b/,
  commands: { build: ['webpack'] },
  places: {
    // `ERROR in ./src/index.js 3:0-20`: the column counts from 0.
    worded: [
      {
        literal: 'ERROR in ',
        shape: new RegExp(String.raw`^ERROR in (${PATH}) (\d+):(\d+)`),
        zeroBasedColumn: true,
        final: true,
      },
    ],
  },
  signals: {
    'build-error': [
      /^ERROR in /, // webpack
      /webpack \S+ compiled with \d+ errors?/,
      /\[MISSING_EXPORT\]|is not exported by |export .+ \(imported as .+\) was not found/, // rolldown, webpack
    ],
    'import-not-found': [
      /Module not found: Error: Can't resolve/, // webpack
    ],
  },
};
