import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const kotlinc: Tool = {
  name: 'kotlinc',
  corpus: /\bkotlin/,
  places: {
    // Under gradle and maven (1.3 to 1.7): `e: /abs/src/A.kt: (4, 12): Type mismatch: …`, `w: …` for a
    // warning.
    worded: [{ literal: ': (', shape: new RegExp(String.raw`^[ew]: (${PATH}): \((\d+), (\d+)\): `) }],
  },
  signals: {
    'type-error': [
      /(?:\.kts?:\d+:\d+: error: |^(?::[\w:-]+|)e: \S+\.kts?: \(\d+, \d+\): )(?:type mismatch: |only safe \(\?\.\) or non-null asserted|overload resolution ambiguity|val cannot be reassigned|(?:class|object) .+ is not abstract and does not implement abstract|the [\w-]+ literal does not conform to the expected type|none of the following (?:functions can be called|candidates is applicable)|type inference failed|no value passed for parameter|too many arguments for|smart cast to .+ is impossible|return type of .+ is not a subtype|cannot access .+: it is (?:private|protected|internal))/i, // kotlinc 1.3, and its `e: /a.kt: (L, C): Message` under gradle
    ],
    'syntax-error': [
      /(?:\.kts?:\d+:\d+: error: |^(?::[\w:-]+|)e: \S+\.kts?: \(\d+, \d+\): )(?:expecting |unexpected tokens|unclosed comment|incorrect character literal|illegal escape)/i, // kotlinc, as above
    ],
    'build-error': [
      /^(?::[\w:-]+|)e: (?:file:\/\/)?\S+\.kts?:[\d:(, )]+/, // kotlinc under gradle (`e: /a.kt: (L, C): …`, glued to the task's name by gradle 4's plain console; `e: file:///a.kt:L:C …` since 1.8)
      /^\S+\.kts?:\d+:\d+: error: /, // kotlinc 1.3 (gcc's shape)
    ],
    'import-not-found': [
      /^import [a-z][\w.]*\.[A-Z]\w*$/, // kotlinc, scalac: the import of a class a compiler error echoes (Python's are modules, lower case)
    ],
  },
};
