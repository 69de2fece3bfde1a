import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const anyTool: Tool = {
  name: 'words any tool may print',
  places: {
    files: [
      {
        literal: 'formatted',
        shape: new RegExp(String.raw`^(${PATH}) (?:is not|was not) (?:properly )?formatted`),
      },
    ],
  },
  signals: {
    'format-error': [/\bformat\b.*\bcheck failed\b|not formatted|gofmt -l|needs formatting/i],
    'syntax-error': [
      /^(?!.*\bJSON\b).*SyntaxError/, // not JSON.parse on data: `Unexpected token } in JSON`
      /^(?!.*\bJSON\b).*(?:Unexpected token|Unterminated string|Unexpected end of (?:input|file))/,
    ],
    'test-failure': ['AssertionError'],
    'config-error': [/Invalid (configuration|config|options?)\b/],
  },
};
