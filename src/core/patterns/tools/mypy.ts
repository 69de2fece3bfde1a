import type { Tool } from './tool.js';

export const mypy: Tool = {
  name: 'mypy',
  corpus: /\bmypy\b/,
  commands: { type: ['mypy'] },
  places: {
    // `warn_unused_ignores`: an ignore another change made useless (mypy ≥ 1.4 adds `[unused-ignore]`).
    asides: [
      { literal: 'Unused "type: ignore', shape: /: error: Unused "type: ignore(?:\[[\w, -]+\])?" comment/ },
    ],
  },
  signals: {
    'type-error': [
      /\.pyi?:\d+: error: .+ \[[a-z-]+\]$/, // mypy
      /^Found \d+ errors? in \d+ files? \(checked/, // mypy summary
    ],
    'syntax-error': [
      /\.pyi?:\d+: error: .+ \[syntax\]$/, // mypy
    ],
    'import-not-found': [
      'Cannot find implementation or library stub', // mypy
    ],
  },
};
