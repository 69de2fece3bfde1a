import type { Tool } from './tool.js';

export const valgrind: Tool = {
  name: 'valgrind',
  corpus: /\bvalgrind\b/,
  signals: {
    'memory-error': [
      /^==\d+== (?:Invalid (?:read|write|free)|Conditional jump or move depends on uninitialised|Use of uninitialised value|Mismatched free|Syscall param .+ points to uninitialised)|^==\d+==\s+(?:definitely|indirectly) lost: [1-9]/, // valgrind
    ],
  },
};
