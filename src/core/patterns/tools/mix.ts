import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const mix: Tool = {
  name: 'mix (Elixir, ExUnit)',
  corpus: /\bmix\b|\belixir\b/,
  commands: { format: ['mix format'] },
  places: {
    // mix format --check-formatted
    lists: [
      { heading: 'The following files are not formatted:', row: new RegExp(String.raw`^\s+\* (${PATH})$`) },
    ],
  },
  signals: {
    'lint-error': [
      'Compilation failed due to warnings while using the --warnings-as-errors option', // mix
    ],
    'format-error': [
      'mix format failed due to --check-formatted', // elixir
    ],
    'build-error': [
      /\*\* \((?:CompileError|Kernel\.TypespecError|ArgumentError)\)/, // elixir
    ],
    'test-failure': [
      /^\s+\d+\) test .+ \([\w.]+\)$/, // ExUnit: a failing test's report
    ],
    'dependency-unresolved': [
      /Unchecked dependencies for environment|Could not find an SCM for dependency|the dependency .+ is not available/, // mix
    ],
    'config-error': [
      /\*\* \(\w+Error\) mix\.exs:\d+/, // mix: the project file itself
    ],
  },
};
