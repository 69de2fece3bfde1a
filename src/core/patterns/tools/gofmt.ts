import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const gofmt: Tool = {
  name: 'gofmt',
  corpus: /\bgofmt\b/,
  commands: { format: ['gofmt'] },
  listsFiles: /\b(?:gofmt|goimports|gofumpt)\b.*\s-l\b/,
  places: {
    // gofmt -d, diff -u: `diff main.go.orig main.go`.
    files: [{ literal: '.orig ', shape: new RegExp(String.raw`^diff (?:-u )?\S+\.orig (${PATH})$`) }],
  },
  signals: {
    'format-error': [
      /^diff \S+\.orig \S+$/, // gofmt -d
    ],
  },
};
