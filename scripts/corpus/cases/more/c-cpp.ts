// The `more` dev batch: c-cpp cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'c-cpp/more-implicit-function-werror',
    tool: 'gcc 12',
    cmd: 'gcc -Wall -Werror -c src/app.c -o /tmp/i12-app.o',
    files: { 'src/app.c': 'int main(void) {\n    return helper(2);\n}\n' },
    pattern: 'build-error',
    category: 'build',
    ev: /error:/,
    locre: /^(?<f>src\/app\.c):(?<l>\d+):(?<c>\d+): error/,
    wrapper: 'ci',
    note: 'implicit declaration of a function that does not exist: build (the name is not declared)',
  },
  {
    id: 'c-cpp/more-make-gcc-syntax',
    tool: 'gcc 12 via make',
    cmd: 'make',
    files: {
      Makefile:
        'app: src/main.o\n\tgcc -o app src/main.o\nsrc/main.o: src/main.c\n\tgcc -c src/main.c -o src/main.o\n',
      'src/main.c': '#include <stdio.h>\nint main(void) {\n    printf("hi\\n")\n    return 0;\n}\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /error:/,
    locre: /^(?<f>src\/main\.c):(?<l>\d+):(?<c>\d+): error/,
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-ld-multiple-definition',
    tool: 'gcc 12 (ld)',
    cmd: 'gcc -o app a.c b.c',
    files: { 'a.c': 'int counter = 1;\nint main(void) { return counter; }\n', 'b.c': 'int counter = 2;\n' },
    pattern: 'build-error',
    category: 'build',
    ev: [/multiple definition/, /collect2/],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-gpp-template-error',
    tool: 'g++ 12',
    cmd: 'g++ -std=c++17 -c src/v.cpp -o /tmp/i12-v.o',
    files: {
      'src/v.cpp':
        '#include <vector>\n#include <string>\nint f() {\n    std::vector<int> v;\n    v.push_back(std::string("x"));\n    return v.size();\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/error:/, /error:/],
    locs: [['src/v.cpp', 5, 16]],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-cmake-missing-source',
    tool: 'cmake 3.25',
    cmd: 'cmake -S . -B build',
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nadd_executable(app src/main.c src/util.c)\n',
      'src/main.c': 'int main(void){return 0;}\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/CMake Error/, /Cannot find source file|No SOURCES/],
    locs: [['CMakeLists.txt', 3, null]],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-ctest-two-fail',
    tool: 'ctest 3.25',
    cmd: 'cmake -S . -B build >/dev/null && cmake --build build >/dev/null && cd build && ctest --output-on-failure',
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(app C)\nenable_testing()\nadd_executable(t1 t1.c)\nadd_executable(t2 t2.c)\nadd_test(NAME parse COMMAND t1)\nadd_test(NAME sum COMMAND t2)\n',
      't1.c': '#include <stdio.h>\nint main(void){ printf("parse: expected 3 got 2\\n"); return 1; }\n',
      't2.c': 'int main(void){ return 0; }\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/tests passed|\*\*\*Failed/, /The following tests FAILED|Errors while running CTest/],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-clang-unused-werror',
    tool: 'clang 14',
    cmd: 'clang -Wall -Werror -c src/u.c -o /tmp/i12-u.o',
    files: { 'src/u.c': 'int f(void) {\n    int unused = 3;\n    return 0;\n}\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /error:/,
    locs: [['src/u.c', 2, 9]],
    wrapper: 'ci',
  },
  {
    id: 'c-cpp/more-make-missing-file',
    tool: 'GNU make 4.3',
    cmd: 'make',
    files: {
      Makefile: 'app: main.o util.o\n\tgcc -o app main.o util.o\n',
      'main.c': 'int main(void){return 0;}\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: /No rule to make target/,
    wrapper: 'ci',
  },
];
