import type { Tool } from './tool.js';

export const ruff: Tool = {
  name: 'ruff',
  corpus: /\bruff\b/,
  commands: { lint: ['ruff'] },
  signals: {
    'lint-error': [
      /^[^\s:]+:\d+:\d+: [A-Z]{1,3}\d{3,4} (\[\*\] )?\S/, // ruff (concise)
      /^\s*(-->|╭─) .+\.pyi?:\d+:\d+$|^[A-Z]{1,3}\d{3,4} \[\*\]/, // ruff (full)
    ],
  },
};
