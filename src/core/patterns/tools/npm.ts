import type { Tool } from './tool.js';

export const npm: Tool = {
  name: 'npm',
  corpus: /\bnpm\b/,
  commands: { dependency: ['npm ci', 'clean-install', 'npm i'] },
  places: {
    files: [
      { literal: 'EJSONPARSE', shape: /(?:^|\s)(package\.json)\b/ },
      { literal: 'Invalid package.json', shape: /(?:^|\s)Invalid (package\.json)\b/ },
      {
        literal: 'Missing script',
        shape: /^npm (?:ERR!|error) [Mm]issing script: .()/,
        file: 'package.json',
      },
    ],
  },
  summaries: [
    // `npm error Lifecycle script `test` failed`
    {
      literals: ['Lifecycle script'],
      read: (text) => {
        const script = /Lifecycle script [`"']?([\w:.-]+)[`"']? failed/.exec(text)?.[1];
        return script === undefined ? null : { command: script };
      },
    },
    // npm 6-8: `npm ERR! app@1.0.0 test: `jest``
    {
      literals: ['npm ERR!'],
      read: (text) => {
        const script = text.startsWith('npm ERR!') ? / \S+@\S+ ([\w:.-]+): `/.exec(text)?.[1] : undefined;
        return script === undefined ? null : { command: script };
      },
    },
    // npm 6's `npm ERR! code ELIFECYCLE`, pnpm's ` ELIFECYCLE  Command failed with exit code 1.`
    { literals: ['ELIFECYCLE'], read: () => ({ command: null }) },
  ],
  signals: {
    'import-not-found': [
      /code E404\b|is not in this registry|404 Not Found - GET/, // npm: the package does not exist
    ],
    'dependency-conflict': [/\bERESOLVE\b/, 'could not resolve dependency', 'Conflicting peer dependency'],
    'dependency-unresolved': [
      /code ETARGET\b|No matching version found for/, // npm
    ],
    'manifest-invalid': [
      /\bEJSONPARSE\b|Failed to parse package\.json|Invalid package\.json|Could not read package\.json/, // npm
    ],
    'missing-script': [
      /Missing script: |missing script: /, // npm
    ],
    'lockfile-mismatch': [
      'can only install packages when your package.json and package-lock.json',
      'command can only install with an existing package-lock.json',
      /Missing: .+ from lock file|Invalid: lock file's .+ does not satisfy/,
    ],
    'auth-error': [
      /code E401\b/,
      'ENEEDAUTH',
      /code E403\b|403 Forbidden|ERR_PNPM_FETCH_40[13]/, // npm, pnpm
    ],
    timeout: [
      'network timeout at', // npm
    ],
  },
};
