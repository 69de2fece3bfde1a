import type { Tool } from './tool.js';

export const goVet: Tool = {
  name: 'go vet',
  corpus: /\bgo vet\b/,
  commands: { lint: ['go vet'] },
  signals: {
    'lint-error': [
      /^# \[[^\]]+\]$/, // go vet package header
      /: (fmt\.\w+ format %\S+ (?:has arg|reads arg #\d+, but call has \d+ args?)|possible misuse of|unreachable code|self-assignment of|composite literal uses unkeyed fields|call has arguments but no formatting directives|result of .+ call not used)/, // go vet analyzers
      /: (?:passes lock by value|loop variable \w+ captured by func literal|the cancel function|struct field tag|possible formatting directive|arg list ends with redundant newline|\S+ call has possible Printf formatting directive)/, // go vet
    ],
  },
};
