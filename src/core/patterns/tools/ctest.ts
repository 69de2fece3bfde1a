import type { Tool } from './tool.js';

export const ctest: Tool = {
  name: 'ctest',
  corpus: /\bctest\b/,
  commands: { test: ['ctest'] },
  summaries: [
    {
      literals: ['The following tests FAILED', 'Errors while running CTest'],
      read: (text) =>
        text.startsWith('The following tests FAILED') || text.startsWith('Errors while running CTest')
          ? { command: 'ctest', category: 'test' }
          : null,
    },
  ],
  signals: {
    'test-failure': [
      /The following tests FAILED|tests passed, [1-9]\d* tests? failed out of/, // ctest
    ],
    'test-timeout': [
      /\*\*\*Timeout +[\d.]+ sec/, // ctest
    ],
  },
};
