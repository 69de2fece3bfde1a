import type { Tool } from './tool.js';

export const spotless: Tool = {
  name: 'Spotless',
  signals: {
    'format-error': [
      'The following files had format violations', // spotless
    ],
  },
};
