import type { Tool } from './tool.js';

export const docker: Tool = {
  name: 'Docker',
  corpus: /\bdocker\b/,
  commands: { build: ['docker'] },
  signals: {
    'build-error': [
      /failed to solve: |ERROR: failed to build|executor failed running|did not complete successfully: exit code/, // docker build
    ],
    'auth-error': [
      /denied: requested access to the resource is denied|unauthorized: |Invalid username or password/,
    ],
    'rate-limited': ['toomanyrequests'],
    'config-error': [
      'Is the docker daemon running?',
      /unable to prepare context: |failed to read dockerfile: |Dockerfile: no such file or directory/, // docker build: no Dockerfile where it looks
    ],
  },
};
