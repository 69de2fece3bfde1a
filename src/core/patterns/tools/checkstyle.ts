import type { Tool } from './tool.js';

export const checkstyle: Tool = {
  name: 'Checkstyle',
  corpus: /\bcheckstyle\b/,
  commands: { lint: ['checkstyle'] },
  places: {
    // Its XML report (also shellcheck's, eslint's, phpcs's -f checkstyle): `<file name='a.sh'>`, then `<error
    // line='2' column='6' …`.
    sections: [
      {
        literal: '<file name=',
        header: /^\s*<file name=['"]([^'"]+)['"]/,
        row: /^\s*<error line=['"](\d+)['"] column=['"](\d+)['"]/,
      },
    ],
  },
  signals: {
    'lint-error': [
      /Checkstyle violations?|Checkstyle ends with \d+ errors?|\[ERROR\] .+\.java:\[[\d,]+\] \(/,
      /^\[(ERROR|WARN)\] .+\.java:[\d:]+: .+ \[[A-Z]\w+\]$/, // checkstyle plain
      /Checkstyle rule violations were found|You have \d+ Checkstyle violations?/, // checkstyle (gradle, maven)
      /^\s*<error line=['"]\d+['"]/, // checkstyle XML reports (shellcheck, eslint, phpcs -f checkstyle)
    ],
  },
};
