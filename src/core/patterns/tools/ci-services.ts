import type { Tool } from './tool.js';

export const ciServices: Tool = {
  name: 'CI services (Travis, GitLab, CircleCI, Azure)',
  signals: {
    timeout: [
      /No output has been received in the last \w+|exceeded the maximum time limit for jobs/, // Travis
      /execution took longer than \S+|Too long with no output|ran longer than the maximum time of/, // GitLab, CircleCI, Azure
    ],
  },
};
