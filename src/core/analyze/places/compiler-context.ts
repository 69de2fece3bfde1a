import type { Location } from '../../diagnosis.js';
import { PATH } from '../../patterns/tools/path-shape.js';
import { GRADLE_TEST, GRADLE_TEST_AT, jvmFramePath, jvmSourcePath } from '../jvm-source-path.js';
import type { Locator } from './locate.js';

const GRADLE_GLUED_TASK = /^:[\w:-]+?(?=\/|[ew]: \/)/;
/**
 * g++'s `t.cpp:7:14:   required from here`: the project line a template error in a library header comes from.
 */
const REQUIRED_FROM_HERE = new RegExp(String.raw`^(${PATH}):(\d+):(\d+):\s+required from here`);

/**
 * What the lines around a compiler's error say of its place: a template's instantiation (g++), the test
 * class a Gradle report names, the package a JVM frame's class is in.
 */
export interface CompilerContext {
  /**
   * The line as its places are read: ES modules' stack traces print `file:///abs/path.js:1:2`, and Gradle's
   * plain console glues the task's name to the compiler's first line: `:compileJava/abs/App.java:4: error:
   * …` (javac), `:compileKotline: /abs/A.kt: (4, 12): …` (kotlinc).
   */
  unwrap(line: string): string;
  /** True for g++'s walk back through a template's instantiations, which is context, not a place. */
  instantiation(text: string): boolean;
  /** The places found on the line, corrected by what came before. */
  amend(text: string, found: Location[]): Location[];
}

export function createCompilerContext(locate: Locator): CompilerContext {
  /** The project line of the template instantiation under way, until its error line. */
  let instantiatedAt: Location | null = null;
  /** The test class of Gradle's last `Class > test FAILED` line. */
  let gradleTest: { pkg: string; cls: string } | null = null;
  return {
    unwrap(line) {
      let text = line.includes('file://') ? line.replace(/file:\/\//g, '') : line;
      if (text.startsWith(':')) text = text.replace(GRADLE_GLUED_TASK, '');
      const testClass = text.endsWith(' FAILED') ? GRADLE_TEST.exec(text) : null;
      if (testClass) gradleTest = { pkg: testClass[1] as string, cls: testClass[2] as string };
      return text;
    },
    // That line is the error's place only when the error itself is inside a library's header.
    instantiation(text) {
      if (!text.includes('   required ') || !/:\d+:\d+:\s+required (?:from|by)\b/.test(text)) return false;
      const here = REQUIRED_FROM_HERE.exec(text);
      if (here) instantiatedAt = locate(here[1] as string, here[2], here[3]);
      return true;
    },
    amend(text, found) {
      if (instantiatedAt !== null && text.includes(': error: ')) {
        if (found.length === 0) found.push(instantiatedAt);
        instantiatedAt = null;
      }
      if (found.length === 1 && text.includes('at ')) {
        const at = gradleTest === null ? null : GRADLE_TEST_AT.exec(text);
        const path = at
          ? jvmSourcePath(gradleTest!.pkg, gradleTest!.cls, at[1] as string, at[2] as string)
          : jvmFramePath(text);
        if (path !== null) found[0] = { ...found[0]!, file: path };
      }
      return found;
    },
  };
}

/** The literals of lines this context reads: ES modules' file URLs (the rest have a place's digits). */
export const COMPILER_CONTEXT_LITERALS: readonly string[] = ['file://'];
