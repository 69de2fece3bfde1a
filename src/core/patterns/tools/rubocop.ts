import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const rubocop: Tool = {
  name: 'rubocop',
  corpus: /\brubocop\b/,
  commands: { lint: ['rubocop'] },
  places: {
    // Its simple format: `== a.rb ==`, then `C:  3:  5: …`. The header's end is its literal: go test's
    // `=== RUN` lines, by the thousand, hold its start.
    sections: [
      {
        literal: ' ==',
        header: new RegExp(String.raw`^== (${PATH}) ==$`),
        row: /^[CWEF]:\s*(\d+):\s*(\d+): /,
      },
    ],
  },
  signals: {
    'lint-error': [
      /^\S+\.rb:\d+:\d+: [CWEF]: /, // rubocop
      /\d+ files? inspected, [1-9]\d* offenses? detected/, // rubocop summary
    ],
    'syntax-error': [
      /: [EF]: Lint\/Syntax: /, // rubocop could not parse the file
    ],
    'config-error': [
      /unrecognized cop or department .+ found in |^Error: .+ found in \S*\.rubocop(?:_todo)?\.yml/, // rubocop's config
    ],
  },
};
