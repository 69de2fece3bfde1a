import type { Tool } from './tool.js';

export const closedLoop: Tool = {
  name: "closed-loop's regression check",
  signals: {
    'regression-detected': [
      '## Regression Detected',
      'dependent files have new test failures',
      'was passing, now failing',
    ],
  },
};
