import type { Tool } from './tool.js';

export const composer: Tool = {
  name: 'composer',
  corpus: /\bcomposer\b/,
  commands: { dependency: ['composer'] },
  places: {
    // seld/jsonlint: `"./composer.json" does not contain valid JSON`, then `Parse error on line 4:`.
    sections: [
      {
        literal: 'does not contain valid JSON',
        header: /^\s*"([^"]+)" does not contain valid JSON/,
        row: /^\s*Parse error on line (\d+):/,
      },
    ],
    files: [
      {
        literal: 'expected JSON schema',
        shape: /"(?:\.\/)?(composer\.json)" does not match the expected JSON schema/,
      },
    ],
  },
  signals: {
    'manifest-invalid': [
      /composer\.json" does not (?:contain valid JSON|match the expected JSON schema)|Composer could not find a composer\.json/, // composer
    ],
    'lockfile-mismatch': [
      /lock file is not up to date with the latest changes in composer\.json|composer\.lock is not up to date/, // composer
    ],
    'auth-error': [
      /URL required authentication|\(\s*HTTP 40[13]\)|^\s*HTTP 40[13]\)/, // composer
    ],
  },
};
