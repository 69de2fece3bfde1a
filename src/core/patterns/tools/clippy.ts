import type { Tool } from './tool.js';

export const clippy: Tool = {
  name: 'clippy',
  corpus: /\bclippy\b/,
  commands: { lint: ['clippy'] },
  signals: {
    'lint-error': ['rust-clippy', /\bclippy::[a-z_]+/],
  },
};
