import type { Tool } from './tool.js';

export const diskSpace: Tool = {
  name: 'disk space (any tool)',
  corpus: 'disk-full',
  signals: {
    'disk-full': [
      'ENOSPC',
      'No space left on device',
      'Disk quota exceeded',
      'running out of disk space',
      'not enough space on the disk',
      'File size limit exceeded', // SIGXFSZ: the runner's file-size ulimit
      /\[Errno 27\] File too large|\bEFBIG\b/, // a write past the file-size limit (Python, Node)
    ],
  },
};
