import type { Tool } from './tool.js';

export const javac: Tool = {
  name: 'javac',
  corpus: /\bjavac\b/,
  commands: { build: ['javac'] },
  signals: {
    'lint-error': [
      'warnings found and -Werror specified', // javac -Xlint -Werror, kotlinc -Werror: its warnings failed the build
    ],
    'type-error': [
      /(error:|\]) (incompatible types|method .+ cannot be applied|unreported exception \S+; must be caught)/, // javac, javac under maven
      /(error:|\]) (?:bad operand types? for (?:unary|binary) operator|no suitable (?:method|constructor) found for|.+ is not abstract and does not override abstract method|.+ cannot be dereferenced|array required, but .+ found|non-static (?:method|variable) .+ cannot be referenced from a static context|incomparable types|cannot assign a value to final variable|unexpected type$|cannot inherit from final|.+ has private access in )/, // javac: more of the type checker's words
    ],
    'syntax-error': [
      /(?:error:|\.java:\[[\d,]+\]) (?:(?:'.+'|<identifier>) expected$|illegal start|class, interface, enum, or record expected|reached end of file while parsing|invalid method declaration|not a statement|unclosed (?:string|character|comment)|'else' without 'if'|orphaned (?:case|default))/, // javac, javac under maven
    ],
    'build-error': [
      /^\S+\.java:\d+: error: |^(?!\[WARNING\]).*\.java:\[\d+,\d+\] \S/, // javac, javac under maven: any error (not its warnings)
      /(error:|\]) cannot find symbol/, // javac, javac under maven
    ],
    'import-not-found': [
      /error: package [\w.]+ does not exist/, // javac
    ],
  },
};
