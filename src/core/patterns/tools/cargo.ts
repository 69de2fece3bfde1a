import type { Tool } from './tool.js';

export const cargo: Tool = {
  name: 'cargo',
  corpus: /\bcargo\b/,
  commands: { format: ['cargo fmt'], build: ['cargo'] },
  summaries: [
    {
      literals: ['could not compile'],
      read: (text) =>
        /^error: could not compile `/.test(text) ? { command: 'cargo build', category: 'build' } : null,
    },
    {
      literals: ['test failed, to rerun pass', 'error: test failed'],
      read: (text) =>
        text.includes('test failed, to rerun pass') || text.startsWith('error: test failed')
          ? { command: 'cargo test', category: 'test' }
          : null,
    },
  ],
  signals: {
    'build-error': [
      /^error: could not compile `/, // cargo
    ],
    'test-failure': [
      'test result: FAILED', // cargo test
      /^---- [\w:]+ stdout ----$/, // cargo test: a failing test's output
    ],
    'dependency-conflict': ['failed to select a version for'],
    'dependency-unresolved': [
      /no matching package named|failed to select a version for the requirement/, // cargo
    ],
    'manifest-invalid': [
      /failed to parse manifest at|could not find `Cargo\.toml`|^\s*--> Cargo\.toml:\d+/, // cargo
    ],
    'lockfile-mismatch': [
      'needs to be updated but --locked was passed',
      /cannot update the lock file .+ because --locked was passed/,
    ],
  },
};
