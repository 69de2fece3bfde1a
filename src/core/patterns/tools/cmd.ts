import type { Tool } from './tool.js';

export const cmd: Tool = {
  name: 'cmd.exe',
  signals: {
    'command-not-found': [/is not recognized as an internal or external command/],
  },
};
