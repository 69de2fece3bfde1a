import type { Tool } from './tool.js';

export const filePermissions: Tool = {
  name: 'file permissions (any tool)',
  corpus: 'permission-error',
  signals: {
    'permission-error': ['EACCES', 'EPERM', 'permission denied', 'Operation not permitted'],
  },
};
