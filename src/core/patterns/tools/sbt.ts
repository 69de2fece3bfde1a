import type { Tool } from './tool.js';

export const sbt: Tool = {
  name: 'sbt (ScalaTest)',
  commands: { build: ['sbt'] },
  summaries: [
    // `[error] (Compile / compileIncremental) Compilation failed`
    {
      literals: ['[error]'],
      read: (text) => {
        const task = text.startsWith('[error]') ? /^\[error\] \((.+?)\) /.exec(text)?.[1] : undefined;
        return task === undefined ? null : { command: task };
      },
    },
  ],
  signals: {
    'build-error': [
      /^\[error\] \S+\.scala:[\d:]+ /, // scalac under sbt
    ],
    'test-failure': [
      /\*\*\* FAILED \*\*\*|Tests: succeeded \d+, failed [1-9]|TestsFailedException/, // ScalaTest, sbt
    ],
  },
};
