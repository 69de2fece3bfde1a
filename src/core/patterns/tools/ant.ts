import type { Tool } from './tool.js';

export const ant: Tool = {
  name: 'Ant',
  corpus: /\bant\b/,
  commands: { build: ['ant'] },
  places: {
    // Its summary (and Gradle's) points back at the compiler's errors, which are the places.
    notPlaces: [{ literal: 'see the compiler error output', shape: /see the compiler error output/ }],
  },
  signals: {
    'build-error': [
      'Compile failed; see the compiler error output', // ant
    ],
    'config-error': [
      /^Target ".+" does not exist in the project/, // ant
      /build\.xml:\d+: (?:The element type|The markup in the document|XML document structures|Content is not allowed|Element type ".+" must be followed)/, // ant: build.xml does not parse
    ],
  },
};
