import type { Tool } from './tool.js';

export const pip: Tool = {
  name: 'pip',
  corpus: /\bpip\b/,
  commands: { dependency: ['pip'] },
  places: {
    // A requirement line, on an error: `(from -r requirements.txt (line 3))`,
    // `(from line 3 of requirements.txt)`.
    worded: [
      { literal: '(from ', when: /error/i, shape: /\(from -r (\S+) \(line (\d+)\)\)/ },
      { literal: '(from ', when: /error/i, shape: /\(from line (\d+) of (\S+)\)/, groups: [2, 1, 0] },
    ],
  },
  signals: {
    'dependency-conflict': [
      'ResolutionImpossible',
      'conflicting dependencies',
      // ` is installed` whole: `installed` alone is in every green install's last line
      /requires .+ but .+ is installed|requires .+ but .+ is incompatible/,
    ],
    'dependency-unresolved': [
      /No matching distribution found for|Could not find a version that satisfies the requirement/, // pip
    ],
    'manifest-invalid': [
      /Invalid requirement: |pyproject\.toml.*(?:Invalid|error)|Could not open requirements file/, // pip
    ],
    'lockfile-mismatch': ['DO NOT MATCH THE HASHES'],
    'auth-error': [
      /\b40[13] Client Error\b|HTTP error 40[13]\b|returned error: 40[13]\b|status code:? 40[13]\b/i, // pip, curl, NuGet
      /^User for \S+: |\bin handle_401$/, // pip prompting after a 401
    ],
    'network-error': ['Failed to establish a new connection'],
    'config-error': [
      'externally-managed-environment', // pip outside a virtualenv (PEP 668)
    ],
  },
};
