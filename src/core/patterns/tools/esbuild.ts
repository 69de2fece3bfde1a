import type { Tool } from './tool.js';

export const esbuild: Tool = {
  name: 'esbuild',
  corpus: /\besbuild\b/,
  commands: { build: ['esbuild', 'tsup'] },
  signals: {
    'syntax-error': [
      /\[ERROR\] (Unexpected|Expected) /, // esbuild
    ],
    'build-error': [
      /^(✘|X) \[ERROR\] /, // esbuild
    ],
    'import-not-found': [
      /Could not resolve ["'][^"']+["']|\[UNRESOLVED_IMPORT\]/, // esbuild, rolldown
    ],
  },
};
