import type { Category } from '../../vocabulary.js';
import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const gradle: Tool = {
  name: 'Gradle',
  corpus: /\bgradle\b/,
  commands: { build: ['gradle', 'gradlew'] },
  places: {
    worded: [
      { literal: "ile '", shape: new RegExp(String.raw`[Bb]uild file '(${PATH})'(?: line: |: )(\d+)`) },
    ],
  },
  summaries: [
    // Ant's summary too.
    {
      literals: ['BUILD FAILED'],
      read: (text) => (text.startsWith('BUILD FAILED') ? { command: null, category: null } : null),
    },
    {
      literals: ['Execution failed for task'],
      read: (text) => {
        const task = /Execution failed for task '([^']+)'/.exec(text)?.[1];
        return task === undefined
          ? { command: 'gradle', category: null }
          : { command: task, category: gradleTaskCategory(task) };
      },
    },
  ],
  signals: {
    'build-error': [
      'Compilation failed; see the compiler error output', // gradle
      /Execution failed for task ':[\w:]*compile\w*'/,
    ],
    'test-failure': [
      /There were failing tests|\d+ tests? completed, [1-9]\d* failed/, // gradle
    ],
    'dependency-unresolved': [
      /Could not resolve all (?:dependencies|files|artifacts|task dependencies) for configuration|Could not resolve plugin artifact/, // gradle
      /^\s*> Could not (?:find|resolve) [\w.-]+:[\w.-]+/, // gradle, one dependency
    ],
    'missing-script': [
      /Task .+ not found in (?:root )?project|Unknown lifecycle phase /, // gradle, maven
    ],
    'config-error': [
      /Could not compile (?:build|settings|init) file|A problem occurred evaluating (?:root )?project|A problem occurred configuring (?:root )?project/, // gradle: the build script
    ],
  },
};

/** What a failing task checks, by its name: `:app:test` tests, `:checkstyleMain` lints. */
function gradleTaskCategory(task: string): Category | null {
  const name = task.slice(task.lastIndexOf(':') + 1);
  if (/^(test|check|integrationTest|\w*Test)$/.test(name)) return 'test';
  if (/^(checkstyle|pmd|spotbugs|ktlint|detekt|lint)\w*$/i.test(name)) return 'lint';
  if (/^spotless\w*Check$/.test(name)) return 'format';
  if (/^compile\w*/.test(name)) return 'build';
  return 'build';
}
