import type { Tool } from './tool.js';

export const tsc: Tool = {
  name: 'tsc (TypeScript)',
  corpus: /\btsc\b|\btypescript\b/,
  commands: { type: ['tsc'] },
  places: {
    // TS2578: the error a `@ts-expect-error` expected is gone, a side effect of a change elsewhere.
    asides: [{ literal: 'TS2578', shape: /error TS2578: Unused '@ts-expect-error' directive/ }],
  },
  signals: {
    'type-error': [
      /error TS\d{4,5}:/, // tsc: any diagnostic (TS1xxx parse and TS5xxx config errors have their patterns)
      'is not assignable to',
      /does not exist on type|: error: .* has no attribute /,
      /Argument of type .+ is not assignable|Type '.+' is not assignable/,
    ],
    'syntax-error': [/error TS1\d{3}:/],
    'import-not-found': [/error TS2307:/],
    'config-error': [
      /error TS(5\d{3}|6053|18003):/, // tsconfig problems
      /^tsconfig[\w.-]*\.json\(\d+,\d+\): error TS\d+/, // a broken tsconfig, whatever the error code
    ],
  },
};
