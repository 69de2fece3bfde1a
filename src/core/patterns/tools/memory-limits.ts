import type { Tool } from './tool.js';

export const memoryLimits: Tool = {
  name: 'memory limits (any runtime)',
  corpus: 'out-of-memory',
  signals: {
    'out-of-memory': [
      /Allocation failed|MemoryError|OutOfMemoryError|(?:^|: |fatal error: )out of memory\b|^Out of memory:/i,
      /exit code 137\b|exited with 137\b|^Killed$|: line \d+: +\d+ Killed +\S/, // the OOM killer's SIGKILL (Travis: `exited with 137.`; bash: `line 1: 4321 Killed  node build.js`)
      'Cannot allocate memory',
    ],
  },
};
