import type { Tool } from './tool.js';

export const vite: Tool = {
  name: 'vite (rolldown)',
  corpus: /\bvite\b/,
  commands: { build: ['vite', 'rollup'] },
  signals: {
    'syntax-error': [
      /\[PARSE_ERROR\] /, // rolldown, oxc (vite 8)
    ],
    'build-error': [
      'error during build', // vite
      /^Build failed with \d+ errors?|^(✗|×) Build failed in/, // esbuild API, vite
    ],
    'import-not-found': [
      /failed to resolve import/i, // vite / rollup
    ],
  },
};
