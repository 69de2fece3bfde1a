import type { Tool } from './tool.js';

export const python: Tool = {
  name: 'Python',
  corpus: /\bpython/,
  places: {
    // Its warnings (`x.py:4: DeprecationWarning: …`, pytest's warnings summary) did not fail the run.
    notPlaces: [{ literal: 'Warning: ', shape: /\.py:\d+: [A-Z]\w*Warning: / }],
  },
  signals: {
    'syntax-error': ['IndentationError'],
    'import-not-found': [
      /ModuleNotFoundError|No module named/,
      /ImportError: cannot import name /, // python: a name the installed package no longer has
    ],
    'config-error': [
      /os\.environ\[|^KeyError: '[A-Z][A-Z0-9_]{2,}'$/, // a required environment variable is unset
    ],
  },
};
