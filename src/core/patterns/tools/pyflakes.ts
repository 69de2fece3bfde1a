import type { Tool } from './tool.js';

export const pyflakes: Tool = {
  name: 'pyflakes',
  corpus: /\bpyflakes\b/,
  commands: { lint: ['pyflakes'] },
  signals: {
    'lint-error': [
      /^\S+\.py:[\d:]+ (?:.+ imported but unused|undefined name |redefinition of unused |local variable .+ is assigned to but never used|.+ may be undefined, or defined from star|f-string is missing placeholders)/, // pyflakes
    ],
  },
};
