// Where a JVM class's source lives, from what a stack frame or Gradle's test report says of it.

/**
 * A JVM stack frame names its file without a folder (`at com.acme.CartTest.total(CartTest.java:14)`);
 * the class's package says which folder, and Maven's and Gradle's standard layout which source root:
 * `src/test/java/com/acme/CartTest.java` for a test class, `src/main/java/…` otherwise. A guess for
 * projects off that layout (a module folder before `src/`), but a bare `CartTest.java` is no place at all.
 */
const JVM_FRAME_FILE =
  /^\s*at ((?:[a-z_][\w]*\.)+)([A-Z][\w$]*)[\w$.<>]*\(([\w$]+)\.(java|kt|scala|groovy):\d+\)$/;
const JVM_LANGUAGE: Record<string, string> = { java: 'java', kt: 'kotlin', scala: 'scala', groovy: 'groovy' };
const TEST_CLASS = /^Test|Tests?$|IT$|TestCase$|Spec$/;

/**
 * Gradle's test report names the class, then the file: `shop.PriceTest > total FAILED`, `
 * java.lang.AssertionError at PriceTest.kt:9`.
 */
export const GRADLE_TEST = /^((?:[a-z_]\w*\.)*)([A-Z][\w$]*) > .+ FAILED$/;
export const GRADLE_TEST_AT = /^\s+\S+ at ([\w$]+)\.(java|kt|scala|groovy):\d+$/;

export function jvmFramePath(text: string): string | null {
  const m = JVM_FRAME_FILE.exec(text);
  if (!m) return null;
  const [, pkg, cls, file, ext] = m as unknown as [string, string, string, string, string];
  return jvmSourcePath(pkg, cls, file, ext);
}

export function jvmSourcePath(pkg: string, cls: string, file: string, ext: string): string {
  const root = `src/${TEST_CLASS.test(cls) || TEST_CLASS.test(file) ? 'test' : 'main'}/${JVM_LANGUAGE[ext]}`;
  return `${root}/${pkg.replace(/\./g, '/')}${file}.${ext}`;
}
