import type { Tool } from './tool.js';

export const rustfmt: Tool = {
  name: 'rustfmt (cargo fmt)',
  corpus: /\brustfmt\b|\bcargo fmt\b/,
  commands: { format: ['rustfmt'] },
  listsFiles: /\brustfmt\b.*\s-l\b/,
  signals: {
    'format-error': [
      /^Diff in .+( at line \d+|:\d+):$/, // cargo fmt --check
    ],
    'config-error': [
      /The file `\S+\.toml` failed to parse/, // rustfmt.toml, clippy.toml
    ],
  },
};
