import type { Tool } from './tool.js';

export const unittest: Tool = {
  name: 'unittest',
  corpus: /\bunittest\b/,
  commands: { test: ['unittest', 'nosetests'] },
  summaries: [
    {
      literals: ['FAILED ('],
      read: (text) =>
        text.startsWith('FAILED (') && /^FAILED \((?:failures|errors)=\d+/.test(text)
          ? { command: 'unittest', category: 'test' }
          : null,
    },
  ],
  signals: {
    'test-failure': [
      /^FAILED \((?:failures|errors)=\d+/, // unittest, nose
      /^(?:FAIL|ERROR): \w+ \([\w.]+\)/, // unittest: a failing test's report, before the summary
    ],
  },
};
