import type { Tool } from './tool.js';

export const cmake: Tool = {
  name: 'CMake',
  corpus: /\bcmake\b/,
  commands: { build: ['cmake'] },
  signals: {
    'syntax-error': [
      // eslint-disable-next-line no-regex-spaces -- cmake prints two spaces there
      /Parse error\.  (?:Expected|Function missing)/, // cmake
    ],
    'import-not-found': [
      /Could not find a package configuration file provided by|Could NOT find \w+ \(missing: /, // cmake find_package
    ],
    'config-error': [
      /Unknown CMake command|CMake Error: (?:The source directory|Could not create named generator)|CMake Error at \S+:\d+(?::| \((?!find_package\))\w+\):)$/, // cmake configure
    ],
  },
};
