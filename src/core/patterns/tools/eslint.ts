import type { Tool } from './tool.js';

export const eslint: Tool = {
  name: 'eslint',
  corpus: /eslint/i,
  commands: { lint: ['eslint'] },
  places: {
    // `--report-unused-disable-directives`: a directive another change made useless.
    asides: [{ literal: 'Unused eslint-disable directive', shape: /\bUnused eslint-disable directive\b/ }],
  },
  signals: {
    'lint-error': [
      /^\s*\d+:\d+\s+(error|✖)\s+\S/, // eslint stylish rows: "  3:7  error  'x' is …"
      /✖ \d+ problems? \([1-9]\d* errors?/, // eslint summary (warnings alone pass)
    ],
    'config-error': [
      /ESLint couldn't find (an eslint\.config|a configuration file)/,
      /Error while loading rule|Cannot read config file|Configuration for rule .+ is invalid/,
      /^Error: Key "[\w-]+": /, // eslint: a flat config the schema refuses
    ],
  },
};
