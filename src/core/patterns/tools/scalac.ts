import type { Tool } from './tool.js';

export const scalac: Tool = {
  name: 'scalac',
  corpus: /\bscalac\b/,
  signals: {
    'lint-error': [
      /No warnings can be incurred under -(?:Xfatal-warnings|Werror)\b/, // scalac -Xfatal-warnings
    ],
    'type-error': [
      // `recursive method`, `recursive value` spelled whole: `recursive ` alone is in every git checkout.
      /\.scala:\d+: error: (?:type mismatch;|missing parameter type|could not find implicit value for|No implicit .+ defined for|.+ needs to be abstract, since|(?:overloaded method|ambiguous reference to overloaded definition).+|value \w+ is not a member of|too many arguments (?:for|\(\d+\))|not enough arguments for|reassignment to val|polymorphic expression cannot be instantiated|diverging implicit expansion|ambiguous implicit values|overriding .+;|(?:inferred )?type arguments .+ do not conform|class \w+ is abstract; cannot be instantiated|(?:recursive method|recursive value) .+ needs (?:result )?type|scrutinee is incompatible with pattern type|pattern type is incompatible with expected type)/, // scalac
    ],
    'syntax-error': [
      /\.scala:\d+: error: (?:.+ expected but .+ found\.|unclosed (?:string|character|comment|multi-line string) literal|unclosed comment|illegal start of (?:simple )?(?:expression|definition|statement|declaration|pattern)|expected class or object definition|Missing closing brace|illegal character)/, // scalac
    ],
    'build-error': [
      /^\S+\.scala:\d+: error: /, // scalac (javac's shape)
    ],
    'import-not-found': [
      /\.scala:\d+: error: (?:object \w+ is not a member of package [\w.]+|not found: object \w+)$/, // scalac: an import of a library not on the classpath
    ],
  },
};
