import type { Tool } from './tool.js';

export const pytest: Tool = {
  name: 'pytest',
  corpus: /\bpytest\b/,
  commands: { test: ['pytest'] },
  places: {
    // `tests/t.py:9: ` (no message): a frame it passes through; the error's own line comes last.
    notPlaces: [{ literal: '.py:', shape: /^\S+\.py:\d+: $/ }],
  },
  signals: {
    'test-failure': [
      /=+ .*\d+ (?:failed|errors?)\b.* =+|^FAILED \S+::|^ERROR \S+::/, // pytest
      /^E\s+fixture '[^']+' not found$/, // pytest: a test asks for a fixture nobody defines
      /^E\s+(assert|AssertionError)/,
    ],
    'test-timeout': [
      /\+{3,} Timeout \+{3,}|Failed: Timeout >/, // pytest-timeout
    ],
    'config-error': [
      /ERROR: usage: |INTERNALERROR>|configfile: .* error|^ERROR: \S*(?:pyproject\.toml|setup\.cfg|tox\.ini|pytest\.ini): /, // pytest (its config file does not parse)
      /^=+ no tests ran in [\d.]+s =+$/, // pytest exit 5: nothing collected (testpaths, naming)
    ],
  },
};
