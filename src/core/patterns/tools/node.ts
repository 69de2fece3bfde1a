import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const node: Tool = {
  name: 'Node.js',
  corpus: /\bnode\b(?!:)/,
  places: {
    files: [
      {
        // ESM's missing package or module names the file that imports it (vitest prints Node's words):
        // that file is where the import is, not the test that led to it.
        literal: ' imported from ',
        shape: new RegExp(String.raw`Cannot find (?:package|module) '[^']+' imported from (${PATH})(?:\s|$)`),
      },
    ],
  },
  signals: {
    'import-not-found': ['Cannot find module', 'ERR_MODULE_NOT_FOUND', 'Cannot find package'],
    'out-of-memory': ['JavaScript heap out of memory', 'Reached heap limit'],
    'config-error': [/YAMLException|YAMLParseError|Unknown compiler option/],
  },
};
