import type { Tool } from './tool.js';

export const tox: Tool = {
  name: 'tox',
  corpus: /\b(?:tox|nox)\b/,
  commands: { test: ['tox', 'nox'] },
  summaries: [
    {
      literals: ['commands failed'],
      read: (text) =>
        /^(?:ERROR: +)?\S+: commands failed/.test(text) ? { command: 'tox', category: null } : null,
    },
    // tox 4's `py: FAIL code 1`, nox's `Session tests failed.`
    {
      literals: [': FAIL code ', 'Session '],
      read: (text) =>
        text.includes(': FAIL code ') || / Session \S+ failed\.$/.test(text)
          ? { command: 'tox', category: null }
          : null,
    },
  ],
  signals: {
    'config-error': [
      'InterpreterNotFound', // tox
      /^ERROR: unknown environment '/, // tox
    ],
  },
};
