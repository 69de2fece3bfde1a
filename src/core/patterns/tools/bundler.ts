import type { Tool } from './tool.js';

export const bundler: Tool = {
  name: 'bundler',
  corpus: /\bbundler?\b/,
  commands: { dependency: ['bundle(?! exec)'] },
  signals: {
    'dependency-unresolved': [
      /Could not find gem |Could not find [\w.-]+ in (?:any of the sources|locally installed gems)/, // bundler
    ],
    'manifest-invalid': [
      /There was an error parsing `Gemfile`|Could not locate Gemfile/, // bundler
    ],
    'lockfile-mismatch': [
      /after changing your Gemfile|The gemspecs for path gems changed|Gemfile\.lock is frozen|install in deployment mode after changing$/, // bundler --frozen / deployment (it wraps the line)
    ],
  },
};
