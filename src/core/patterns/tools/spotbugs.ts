import type { Tool } from './tool.js';

export const spotbugs: Tool = {
  name: 'SpotBugs',
  commands: { lint: ['spotbugs'] },
  signals: {
    'lint-error': [
      /Total bugs: [1-9]|BugInstance size is [1-9]|SpotBugs rule violations were found|Medium: .+ At \S+\.java:\[line \d+\]/, // SpotBugs
    ],
  },
};
