import type { Tool } from './tool.js';

export const yamllint: Tool = {
  name: 'yamllint',
  corpus: /\byamllint\b/,
  commands: { lint: ['yamllint'] },
  signals: {
    'lint-error': [
      /:\d+:\d+: \[(?:error|warning)\] .+ \([a-z-]+\)$/, // yamllint (parsable)
    ],
  },
};
