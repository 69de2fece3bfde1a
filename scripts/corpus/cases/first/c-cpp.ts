// The first batch's c-cpp cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const GCC = /^(?<f>[^\s:]+\.(?:c|h|cc|cpp|hpp)):(?<l>\d+):(?<c>\d+): (?:fatal )?error:/;
const ERR = /(?:fatal )?error:/;
const MK = {
  Makefile:
    'CFLAGS ?= -Wall -O0\napp: main.o util.o\n\t$(CC) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\ntest: app\n\t./app\n',
};
const UTIL = {
  'util.c': '#include "util.h"\nint twice(int x) { return 2 * x; }\n',
  'util.h': 'int twice(int x);\n',
};

function c(
  id: string,
  main: string,
  pattern: string | null,
  category: string,
  { ev = ERR, cmd = 'make app', extra, locre = GCC, ...kw }: Partial<CorpusCase> & { extra?: Files } = {},
): CorpusCase {
  const files = { ...MK, ...UTIL, 'main.c': main, ...(extra || {}) };
  return {
    id,
    tool: cmd.startsWith('make') ? 'gcc 12.2.0 / GNU Make 4.3' : 'gcc 12.2.0',
    cmd,
    files,
    pattern,
    category,
    ev,
    locre,
    ...kw,
  };
}

export const CASES: CorpusCase[] = [
  c(
    'c-cpp/gcc-missing-semicolon',
    '#include <stdio.h>\nint main(void) {\n  printf("hi\\n")\n  return 0;\n}\n',
    'syntax-error',
    'syntax',
    { wrapper: 'make' },
  ),
  c(
    'c-cpp/gcc-undeclared-identifier',
    '#include "util.h"\nint main(void) {\n  int n = twice(count);\n  return n;\n}\n',
    'build-error',
    'build',
    { wrapper: 'ci', note: 'an undeclared name: a build error, not a type error' },
  ),
  c(
    'c-cpp/gcc-incompatible-pointer',
    '#include "util.h"\nint main(void) {\n  int *p = 42;\n  char *s = p;\n  return *s;\n}\n',
    'type-error',
    'type',
    {
      cmd: 'make app CFLAGS="-Wall -Werror=int-conversion -Werror=incompatible-pointer-types"',
      wrapper: 'make',
    },
  ),
  c(
    'c-cpp/gcc-missing-header',
    '#include <sodium.h>\n#include "util.h"\nint main(void) { return twice(1); }\n',
    'import-not-found',
    'dependency',
    {
      ev: /fatal error:|compilation terminated/,
      wrapper: 'ci',
      note: 'a library header that is not installed: a missing dependency (libsodium-dev)',
    },
  ),
  c(
    'c-cpp/ld-undefined-reference',
    '#include "util.h"\nint helper(void);\nint main(void) { return twice(helper()); }\n',
    'build-error',
    'build',
    { ev: /undefined reference|ld returned/, wrapper: 'make', locre: null },
  ),
  c(
    'c-cpp/make-no-rule',
    '#include "util.h"\nint main(void) { return twice(1); }\n',
    'build-error',
    'build',
    {
      ev: /No rule to make target/,
      extra: { Makefile: 'app: main.o util.o helpers.o\n\t$(CC) -o $@ $^\n' },
      wrapper: 'ci',
      note: 'make cannot build a file the Makefile names (helpers.c is missing)',
    },
  ),
  c(
    'c-cpp/gcc-werror-unused',
    '#include "util.h"\nint main(void) {\n  int unused = 3;\n  return twice(1);\n}\n',
    'lint-error',
    'lint',
    {
      cmd: 'make app CFLAGS="-Wall -Werror"',
      wrapper: 'make',
      note: 'a warning made an error by -Werror: a person calls this a lint/warning failure; build is arguable',
    },
  ),
  c(
    'c-cpp/gcc-too-few-args',
    '#include "util.h"\nint main(void) {\n  return twice();\n}\n',
    'type-error',
    'type',
    { wrapper: 'ci' },
  ),
  c(
    'c-cpp/gcc-conflicting-types',
    '#include "util.h"\nlong twice(long x);\nint main(void) { return twice(2); }\n',
    'type-error',
    'type',
    { wrapper: 'raw', cmd: 'gcc -c main.c -o main.o' },
  ),
  c(
    'c-cpp/gcc-unterminated-comment',
    '#include "util.h"\n/* start\nint main(void) { return twice(2); }\n',
    'syntax-error',
    'syntax',
    { wrapper: 'ci' },
  ),
  c(
    'c-cpp/gcc-redefinition',
    '#include "util.h"\nint twice(int x) { return x + x; }\nint main(void) { return twice(2); }\n',
    'build-error',
    'build',
    {
      ev: /multiple definition|ld returned/,
      locre: null,
      wrapper: 'raw',
      cmd: 'make app',
      note: 'linker: twice() defined in main.c and util.c',
    },
  ),
  c(
    'c-cpp/test-assert-abort',
    '#include <assert.h>\n#include "util.h"\nint main(void) {\n  assert(twice(2) == 5);\n  return 0;\n}\n',
    'test-failure',
    'test',
    {
      ev: /Assertion|Aborted|Error 134/,
      cmd: 'make test',
      wrapper: 'ci',
      locs: [['main.c', 4, null]],
      locre: null,
    },
  ),
  c(
    'c-cpp/test-segfault',
    '#include <stddef.h>\n#include "util.h"\nint main(void) {\n  int *p = NULL;\n  return twice(*p);\n}\n',
    'test-failure',
    'test',
    {
      ev: /Segmentation fault|Error 139/,
      cmd: 'make test',
      wrapper: 'make',
      locre: null,
      note: 'the program under test crashed (SIGSEGV); no location is printed',
    },
  ),
  c(
    'c-cpp/gcc-struct-no-member',
    '#include "util.h"\nstruct point { int x, y; };\nint main(void) {\n  struct point p = {1, 2};\n  return p.z;\n}\n',
    'type-error',
    'type',
    { wrapper: 'ci', held: true },
  ),
  c(
    'c-cpp/gcc-implicit-function',
    '#include "util.h"\nint main(void) {\n  return triple(3);\n}\n',
    'build-error',
    'build',
    {
      cmd: 'make app CFLAGS="-Wall -Werror=implicit-function-declaration"',
      wrapper: 'ci',
      held: true,
      note: 'call to an undeclared function made an error',
    },
  ),
  c(
    'c-cpp/gcc-expected-expression',
    '#include "util.h"\nint main(void) {\n  int a = (3 + );\n  return twice(a);\n}\n',
    'syntax-error',
    'syntax',
    { wrapper: 'raw', cmd: 'gcc -Wall -c main.c', held: true },
  ),
];
const CPP = /^(?<f>[^\s:]+\.(?:cpp|hpp|h)):(?<l>\d+):(?<c>\d+): (?:fatal )?error:/;

function cpp(
  id: string,
  src: string,
  pattern: string | null,
  category: string,
  { cmd = 'g++ -std=c++17 -c main.cpp -o main.o', ev = /error/, ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return {
    id,
    tool: cmd.includes('g++') ? 'g++ 12.2.0' : 'clang++ 14.0.6',
    cmd,
    files: { 'main.cpp': src },
    pattern,
    category,
    ev,
    locre: CPP,
    ...kw,
  };
}

CASES.push(
  cpp(
    'c-cpp/gpp-no-matching-function',
    '#include <string>\n#include <vector>\nint main() {\n  std::vector<int> v;\n  v.push_back(std::string("x"));\n  return 0;\n}\n',
    'type-error',
    'type',
    { ev: /error: no matching/ },
  ),
  cpp(
    'c-cpp/gpp-not-declared',
    '#include <iostream>\nint main() {\n  std::cout << total << std::endl;\n}\n',
    'build-error',
    'build',
    { wrapper: 'ci' },
  ),
  cpp(
    'c-cpp/gpp-missing-brace',
    'int main() {\n  if (true) {\n    return 1;\n}\n',
    'syntax-error',
    'syntax',
    { wrapper: 'ci' },
  ),
  cpp(
    'c-cpp/clang-cannot-initialize',
    'int main() {\n  int* p = "text";\n  return *p;\n}\n',
    'type-error',
    'type',
    { cmd: 'clang++ -std=c++17 -c main.cpp -o main.o', wrapper: 'ci' },
  ),
  cpp('c-cpp/clang-use-undeclared', 'int main() {\n  return compute(3);\n}\n', 'build-error', 'build', {
    cmd: 'clang++ -std=c++17 -c main.cpp -o main.o',
    wrapper: 'raw',
  }),
  cpp(
    'c-cpp/clang-expected-semicolon',
    'struct A { int x; }\nint main() { return 0; }\n',
    'syntax-error',
    'syntax',
    { cmd: 'clang++ -std=c++17 -c main.cpp -o main.o', wrapper: 'ci', held: true },
  ),
  cpp(
    'c-cpp/gpp-missing-boost',
    '#include <boost/optional.hpp>\nint main() { return 0; }\n',
    'import-not-found',
    'dependency',
    { ev: /fatal error|compilation terminated/, wrapper: 'ci', held: true },
  ),
  cpp(
    'c-cpp/gpp-abstract-class',
    'struct Shape { virtual double area() const = 0; };\nint main() {\n  Shape s;\n  return 0;\n}\n',
    'type-error',
    'type',
    { ev: /error:/, wrapper: 'raw' },
  ),
);
const CMAKE_MAIN = { 'main.c': 'int main(void) { return 0; }\n' };

CASES.push(
  {
    id: 'c-cpp/cmake-missing-package',
    tool: 'cmake 3.25.1',
    cmd: 'cmake -S . -B build',
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nfind_package(Protobuf 3.21 REQUIRED CONFIG)\nadd_executable(app main.c)\n',
      ...CMAKE_MAIN,
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/CMake Error at/, /Protobuf_DIR|protobuf-config/],
    locs: [['CMakeLists.txt', 3, null]],
    wrapper: 'ci',
    setup: 'apt',
  },
  {
    id: 'c-cpp/cmake-syntax-error',
    tool: 'cmake 3.25.1',
    cmd: 'cmake -S . -B build',
    files: {
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nadd_executable(app main.c\n',
      ...CMAKE_MAIN,
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/CMake Error/, /Parse error|unbalanced|Function missing/],
    locs: [['CMakeLists.txt', 3, null]],
    wrapper: 'raw',
  },
  {
    id: 'c-cpp/cmake-unknown-command',
    tool: 'cmake 3.25.1',
    cmd: 'cmake -S . -B build',
    files: {
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nadd_exectuable(app main.c)\n',
      ...CMAKE_MAIN,
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/CMake Error at/, /Unknown CMake command/],
    locs: [['CMakeLists.txt', 3, null]],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/cmake-build-compile-error',
    tool: 'cmake 3.25.1 + make + gcc 12.2.0',
    cmd: 'cmake -S . -B build >/dev/null && cmake --build build',
    files: {
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nadd_executable(app main.c)\n',
      'main.c': 'int main(void) {\n  return undefined_value;\n}\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: /error:/,
    locre: GCC,
    wrapper: 'ci',
    note: 'the gcc error lives inside cmake --build / make output',
  },
  {
    id: 'c-cpp/ctest-failure',
    tool: 'cmake 3.25.1 / ctest',
    cmd: 'cmake -S . -B build >/dev/null && cmake --build build >/dev/null && cd build && ctest --output-on-failure',
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nenable_testing()\nadd_executable(t_math t_math.c)\nadd_test(NAME math_adds COMMAND t_math)\nadd_executable(t_ok t_ok.c)\nadd_test(NAME ok_passes COMMAND t_ok)\n',
      't_math.c':
        '#include <stdio.h>\nint main(void) {\n  int got = 2 + 2;\n  if (got != 5) { fprintf(stderr, "t_math.c:4: expected 5, got %d\\n", got); return 1; }\n  return 0;\n}\n',
      't_ok.c': 'int main(void) { return 0; }\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Failed|expected 5/, /tests failed|math_adds \(Failed\)/],
    locs: [['t_math.c', 4, null]],
    wrapper: 'ci',
    setup: 'apt',
  },
  {
    id: 'c-cpp/ctest-timeout',
    tool: 'cmake 3.25.1 / ctest',
    cmd: 'cmake -S . -B build >/dev/null && cmake --build build >/dev/null && cd build && ctest --timeout 2',
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nenable_testing()\nadd_executable(t_slow t_slow.c)\nadd_test(NAME slow_io COMMAND t_slow)\n',
      't_slow.c': '#include <unistd.h>\nint main(void) { sleep(10); return 0; }\n',
    },
    pattern: 'test-timeout',
    category: 'timeout',
    ev: [/\*\*\*Timeout/, /Timeout\)/],
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'c-cpp/cppcheck-errors',
    tool: 'cppcheck 2.10',
    cmd: 'cppcheck --error-exitcode=1 --quiet src/',
    files: {
      'src/buf.c':
        '#include <stdlib.h>\nint f(void) {\n  char a[10];\n  a[10] = 0;\n  return a[0];\n}\nvoid g(void) {\n  char *p = malloc(10);\n  p[0] = 1;\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /error:/,
    locre: /^(?<f>src\/\S+\.c):(?<l>\d+):(?<c>\d+): error:/,
    wrapper: 'ci',
  },
);

CASES.push(
  c(
    'c-cpp/gcc-array-subscript-type',
    '#include "util.h"\nint main(void) {\n  int a[3] = {0};\n  double i = 1.0;\n  return a[i];\n}\n',
    'type-error',
    'type',
    { wrapper: 'ci', held: true },
  ),
  c(
    'c-cpp/gcc-return-struct-mismatch',
    '#include "util.h"\nstruct s { int v; };\nint get(void) {\n  struct s x = {1};\n  return x;\n}\nint main(void) { return get(); }\n',
    'type-error',
    'type',
    { wrapper: 'raw', cmd: 'gcc -c main.c', held: true },
  ),
  c(
    'c-cpp/gcc-missing-paren',
    '#include "util.h"\nint main(void) {\n  if (twice(1) > 1 {\n    return 1;\n  }\n  return 0;\n}\n',
    'syntax-error',
    'syntax',
    { wrapper: 'ci', held: true },
  ),
  c(
    'c-cpp/gcc-undeclared-type',
    '#include "util.h"\nint main(void) {\n  size_t n = 3;\n  return (int)n;\n}\n',
    'build-error',
    'build',
    {
      wrapper: 'ci',
      held: true,
      note: 'size_t without <stddef.h>: an unknown type name; build (a missing include) rather than a type mismatch',
    },
  ),
  c(
    'c-cpp/ld-missing-library',
    '#include <math.h>\n#include "util.h"\nint main(void) {\n  volatile double x = 2.0;\n  return (int)sqrt(x) + twice(1);\n}\n',
    'build-error',
    'build',
    {
      ev: /undefined reference|ld returned/,
      locre: null,
      wrapper: 'raw',
      cmd: 'gcc -O0 -fno-builtin -o app main.c util.c',
      held: true,
      note: 'forgot -lm: a link error',
    },
  ),
  c(
    'c-cpp/gcc-werror-format',
    '#include <stdio.h>\n#include "util.h"\nint main(void) {\n  printf("%s\\n", twice(2));\n  return 0;\n}\n',
    'lint-error',
    'lint',
    {
      cmd: 'make app CFLAGS="-Wall -Werror"',
      wrapper: 'ci',
      note: '-Werror=format: a warning made an error',
    },
  ),
  c(
    'c-cpp/make-missing-separator',
    '#include "util.h"\nint main(void) { return twice(1); }\n',
    'config-error',
    'config',
    {
      ev: /missing separator/,
      extra: { Makefile: 'app: main.c\n    $(CC) -o app main.c util.c\n' },
      wrapper: 'ci',
      locs: [['Makefile', 2, null]],
      locre: null,
    },
  ),
  c(
    'c-cpp/gcc-void-value',
    '#include "util.h"\nvoid log_it(void) {}\nint main(void) {\n  int r = log_it();\n  return r;\n}\n',
    'type-error',
    'type',
    { wrapper: 'ci' },
  ),
);

CASES.push(
  cpp(
    'c-cpp/gpp-template-error',
    '#include <map>\n#include <string>\nint main() {\n  std::map<std::string, int> m;\n  m[1] = 2;\n  return 0;\n}\n',
    'type-error',
    'type',
    { ev: /error:/, wrapper: 'ci', held: true },
  ),
  cpp(
    'c-cpp/clang-missing-header-cpp',
    '#include <fmt/core.h>\nint main() { return 0; }\n',
    'import-not-found',
    'dependency',
    { cmd: 'clang++ -std=c++17 -c main.cpp -o main.o', ev: /fatal error/, wrapper: 'raw' },
  ),
  cpp(
    'c-cpp/gpp-private-member',
    'class A { int x = 1; };\nint main() {\n  A a;\n  return a.x;\n}\n',
    'type-error',
    'type',
    { ev: /error:/, wrapper: 'ci' },
  ),
  {
    id: 'c-cpp/cmake-cxx-standard',
    tool: 'cmake 3.25.1',
    cmd: 'cmake -S . -B build',
    files: {
      'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.30)\nproject(app CXX)\n',
      'main.cpp': 'int main() { return 0; }\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/CMake Error at/, /CMake 3.30 or higher/],
    locs: [['CMakeLists.txt', 1, null]],
    wrapper: 'ci',
    held: true,
  },
);
