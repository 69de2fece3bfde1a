import type { Tool } from './tool.js';

export const node: Tool = {
  name: 'Node.js',
  corpus: /\bnode\b(?!:)/,
  signals: {
    'import-not-found': ['Cannot find module', 'ERR_MODULE_NOT_FOUND', 'Cannot find package'],
    'out-of-memory': ['JavaScript heap out of memory', 'Reached heap limit'],
    'config-error': [/YAMLException|YAMLParseError|Unknown compiler option/],
  },
};
