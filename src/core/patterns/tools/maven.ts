import type { Category } from '../../vocabulary.js';
import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const maven: Tool = {
  name: 'Maven',
  corpus: /\bmaven\b|\bmvn\b/,
  commands: { build: ['mvn'] },
  places: {
    // Its model problems: `The project a:b:1 (/abs/pom.xml) has 1 error`, then `Unknown packaging: jarr
    // @ line 1, column 163` (a parent or dependency that cannot be downloaded is no fault of that line).
    sections: [
      {
        literal: ') has ',
        header: /The project \S+ \((\S*pom\.xml)\) has \d+ errors?/,
        row: /^(?!.*Non-resolvable).* @ line (\d+), column (\d+)/,
      },
    ],
    // `Non-parseable POM /abs/pom.xml: end tag name </versio> must match … @ line 5, column 26`.
    worded: [
      {
        literal: ' POM ',
        shape: new RegExp(
          String.raw`Non-(?:parseable|readable) POM (${PATH}): .* @ line (\d+), column (\d+)`,
        ),
      },
    ],
  },
  summaries: [
    {
      literals: ['Failed to execute goal'],
      read: (text) => {
        const goal = /Failed to execute goal (\S+)/.exec(text)?.[1];
        return goal === undefined
          ? { command: 'mvn', category: null }
          : { command: goal, category: mavenGoalCategory(goal, text) };
      },
    },
    { literals: ['BUILD FAILURE'], read: () => ({ command: null, category: null }) },
  ],
  signals: {
    'build-error': [
      'COMPILATION ERROR', // maven
      /Failed to execute goal org\.apache\.maven\.plugins:maven-compiler-plugin/,
    ],
    'test-failure': [
      /Tests run: \d+, Failures: [1-9]|Tests run: \d+, Failures: \d+, Errors: [1-9]/, // surefire
      'There are test failures',
      /^(?:\[ERROR\] )?(?:Failed tests|Tests in error):/, // surefire
    ],
    'dependency-unresolved': [
      /Could not resolve dependencies for project|Failed to collect dependencies at|Non-resolvable (?:parent|import) POM/, // maven
      /Could not find artifact \S+|Failed to read artifact descriptor for|Plugin .+ or one of its dependencies could not be resolved/, // maven
    ],
    'manifest-invalid': [
      // eslint-disable-next-line no-useless-escape -- the signal's text as it always was (see `patterns`)
      /Non-(?:readable|parseable) POM|Malformed POM|Unknown packaging: |^\[ERROR\]\s+'[\w.\[\]]+' (?:is missing|must be |for [^ ]+ is missing)/, // maven: the pom itself (its [WARNING]s of the same words pass)
    ],
    'config-error': [
      /there is no POM in this directory/, // maven
    ],
  },
};

/** What a failing goal checks: `maven-surefire-plugin:…:test` tests, `checkstyle:check` lints. */
function mavenGoalCategory(goal: string, text: string): Category | null {
  if (/Could not resolve dependencies|Failed to collect dependencies|Non-resolvable/.test(text))
    return 'dependency';
  if (/surefire|failsafe/.test(goal)) return 'test';
  if (/checkstyle|pmd|spotbugs|findbugs|spotless:check|ktlint|detekt/.test(goal))
    return /spotless/.test(goal) ? 'format' : 'lint';
  if (/compiler|scala-maven|kotlin-maven|gmavenplus/.test(goal)) return 'build';
  if (/enforcer/.test(goal)) return 'config';
  return 'build';
}
