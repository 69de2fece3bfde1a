import type { Tool } from './tool.js';

export const yarn: Tool = {
  name: 'yarn',
  corpus: /\byarn\b/,
  commands: { dependency: ['yarn$'] },
  // yarn's (and pnpm's) `error Command failed with exit code 1.`
  summaries: [{ literals: ['Command failed with exit code'], read: () => ({ command: null }) }],
  signals: {
    'missing-script': [
      /^error Command "[\w:.-]+" not found\.$/, // yarn
    ],
    'lockfile-mismatch': [
      'Your lockfile needs to be updated',
      'The lockfile would have been modified by this install',
    ],
  },
};
