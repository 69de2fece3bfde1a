import type { Tool } from './tool.js';

export const make: Tool = {
  name: 'make',
  corpus: /\bmake\b/i,
  commands: { build: ['make'] },
  places: {
    // Its own error line names a recipe's makefile line: `make: *** [Makefile:3: test] Error 1`.
    notPlaces: [{ literal: ': *** [', shape: /: \*\*\* \[/ }],
  },
  summaries: [
    {
      literals: ['*** ['],
      read: (text, categoryOf) => {
        if (
          !/^(?:g?make|mingw32-make)(?:\[\d+\])?: \*\*\* \[.*\] (?:Error \d+|Segmentation fault)/.test(text)
        )
          return null;
        const target = /\*\*\* \[(?:[^\]]*:\d+: )?([^\]]+)\]/.exec(text)?.[1] ?? '';
        return { command: 'make', category: categoryOf(target.replace(/[_-]/g, ' ')) ?? 'build' };
      },
    },
  ],
  signals: {
    'build-error': [
      /No rule to make target/, // make
    ],
    'config-error': [
      // eslint-disable-next-line no-regex-spaces -- make prints two spaces before `Stop.`
      /^\S+:\d+: \*\*\* .+\.  Stop\.$/, // make: the makefile itself (`Makefile:2: *** missing separator.  Stop.`)
    ],
  },
};
