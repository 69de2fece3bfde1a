import type { Tool } from './tool.js';

export const pnpm: Tool = {
  name: 'pnpm',
  corpus: /\bpnpm\b/,
  commands: { dependency: ['pnpm ci'] },
  signals: {
    'dependency-conflict': ['ERR_PNPM_PEER_DEP_ISSUES'],
    'missing-script': ['ERR_PNPM_NO_SCRIPT'],
    'lockfile-mismatch': ['ERR_PNPM_OUTDATED_LOCKFILE'],
  },
};
