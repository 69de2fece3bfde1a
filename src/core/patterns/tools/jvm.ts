import type { Tool } from './tool.js';

export const jvm: Tool = {
  name: 'the JVM',
  signals: {
    'test-failure': [
      /^(?:Exception in thread "[^"]+" |)[a-z][\w.]*\.[A-Z]\w*(?:Exception|Error): .*\bexpected:? .+ but (?:was|got)\b/, // a JVM check (Kotlin check(), require()) failing in assertion words
    ],
    'config-error': [
      /no main manifest attribute, in /, // java -jar on a jar built without Main-Class
    ],
  },
};
