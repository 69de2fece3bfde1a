import type { Tool } from './tool.js';

export const ruff: Tool = {
  name: 'ruff',
  corpus: /\bruff\b/,
  commands: { lint: ['ruff'] },
  signals: {
    'lint-error': [
      /^[^\s:]+:\d+:\d+: [A-Z]{1,3}\d{3,4} (\[\*\] )?\S/, // ruff (concise)
      // ruff (full); the arrow with its space is what the scanner looks for (`.py` is in every Python path)
      /^\s*(?:--> |╭─ ).+\.pyi?:\d+:\d+$|^[A-Z]{1,3}\d{3,4} \[\*\]/,
    ],
  },
};
