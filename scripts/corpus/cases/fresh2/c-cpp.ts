// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 c-cpp: gcc, g++, clang, make, cmake/ctest, cppcheck, AddressSanitizer.
const GCCV = 'gcc --version | head -1';
const CM = 'cmake --version | head -1';
const CMAKE_MIN = 'cmake_minimum_required(VERSION 3.16)\n';

export const CASES: CorpusCase[] = [
  {
    id: 'c-cpp/fresh2-gcc-missing-semicolon-make',
    tool: 'gcc 12.2.0 (GNU make 4.3)',
    cmd: 'make',
    pattern: null,
    category: 'syntax',
    wrapper: 'github-actions',
    steps: ['@apt', GCCV],
    files: {
      Makefile:
        'CFLAGS = -Wall -O2\nOBJS = ring.o main.o\n\nringbuf: $(OBJS)\n\t$(CC) -o $@ $(OBJS)\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n',
      'ring.h':
        '#pragma once\n#include <stddef.h>\ntypedef struct { int *buf; size_t cap, head, len; } ring;\nint ring_push(ring *r, int v);\n',
      'ring.c': `
                #include "ring.h"

                int ring_push(ring *r, int v) {
                    if (r->len == r->cap)
                        return -1;
                    r->buf[(r->head + r->len) % r->cap] = v;
                    r->len++
                    return 0;
                }
                `,
      'main.c':
        '#include "ring.h"\nint main(void) { int b[4]; ring r = {b, 4, 0, 0}; return ring_push(&r, 1); }\n',
    },
    ev: [/ring\.c: In function/, /^\s+\|\s+~+\s*$/],
    locre: /^(?<f>ring\.c):(?<l>\d+):(?<c>\d+): error/,
    note: 'gcc adds a -Wreturn-type warning after the error (a consequence of the same parse); only the error is a location.',
  },
  {
    id: 'c-cpp/fresh2-gpp-no-matching-call',
    tool: 'g++ 12.2.0 (cmake 3.25.1)',
    cmd: 'cmake --build build',
    pattern: null,
    category: 'type',
    wrapper: 'travis',
    steps: ['@apt', CM, 'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release'],
    files: {
      'CMakeLists.txt':
        CMAKE_MIN +
        'project(geom CXX)\nset(CMAKE_CXX_STANDARD 17)\nadd_executable(geom main.cpp shapes.cpp)\n',
      'shapes.hpp': `
                #pragma once
                #include <string>
                #include <vector>

                struct Point { double x, y; };

                double area(const std::vector<Point>& poly);
                std::string describe(const Point& p, int precision);
                `,
      'shapes.cpp': `
                #include "shapes.hpp"
                #include <cmath>
                #include <sstream>

                double area(const std::vector<Point>& poly) {
                    double a = 0;
                    for (size_t i = 0; i < poly.size(); ++i) {
                        const Point& p = poly[i];
                        const Point& q = poly[(i + 1) % poly.size()];
                        a += p.x * q.y - q.x * p.y;
                    }
                    return std::fabs(a) / 2;
                }

                std::string describe(const Point& p, int precision) {
                    std::ostringstream os;
                    os.precision(precision);
                    os << "(" << p.x << ", " << p.y << ")";
                    return os.str();
                }
                `,
      'main.cpp': `
                #include "shapes.hpp"
                #include <iostream>

                int main() {
                    std::vector<Point> sq{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                    std::cout << area(sq) << "\\n";
                    std::cout << describe(sq[2]) << "\\n";
                    std::string s = area(sq);
                    return 0;
                }
                `,
    },
    ev: [/main\.cpp: In function/, /^\s+\|\s+~+\^~+\s*$/],
    locre: /^\/\S*\/(?<f>main\.cpp):(?<l>\d+):(?<c>\d+): error/,
    note: 'g++ prints notes (candidate, declared here) between the two errors; only the errors are locations.',
  },
  {
    id: 'c-cpp/fresh2-ld-undefined-reference',
    tool: 'gcc 12.2.0 (ld 2.40)',
    cmd: 'gcc -Wall -o stats main.c stats.c -lm',
    pattern: null,
    category: 'build',
    wrapper: 'gitlab',
    steps: [GCCV, 'ld --version | head -1'],
    files: {
      'stats.h': 'double mean(const double *xs, int n);\ndouble stddev(const double *xs, int n);\n',
      'stats.c': `
                #include <math.h>
                #include "stats.h"

                double mean(const double *xs, int n) {
                    double s = 0;
                    for (int i = 0; i < n; i++) s += xs[i];
                    return s / n;
                }
                `,
      'main.c': `
                #include <stdio.h>
                #include "stats.h"

                int main(void) {
                    double xs[] = {1, 2, 3, 4};
                    printf("%f %f\\n", mean(xs, 4), stddev(xs, 4));
                    return 0;
                }
                `,
    },
    ev: [/in function `main'/, /collect2: error/],
    locs: [['main.c', 1, null]],
    note: 'stddev is declared but never defined: the link fails (build). ld names main.c with a section offset, not a line, so the location is {main.c, line: 1} by the README convention.',
  },
  {
    id: 'c-cpp/fresh2-cmake-find-package-missing',
    tool: 'cmake 3.25.1',
    cmd: 'cmake -S . -B build',
    pattern: null,
    category: 'dependency',
    wrapper: 'jenkins',
    steps: [CM, GCCV],
    files: {
      'CMakeLists.txt':
        CMAKE_MIN +
        'project(imgtool C)\nfind_package(PNG 1.6 REQUIRED)\nfind_package(LibWebP REQUIRED)\nadd_executable(imgtool main.c)\ntarget_link_libraries(imgtool PNG::PNG LibWebP::webp)\n',
      'main.c': 'int main(void) { return 0; }\n',
    },
    ev: [/^CMake Error at CMakeLists\.txt/, /^-- Configuring incomplete/],
    locre: /^CMake Error at (?<f>CMakeLists\.txt):(?<l>\d+)/,
    note: 'A required package is not installed: dependency (the first find_package may or may not succeed here; the error names the one that failed).',
  },
  {
    id: 'c-cpp/fresh2-make-no-rule',
    tool: 'GNU make 4.3',
    cmd: 'make -j2 all',
    pattern: null,
    category: 'build',
    wrapper: 'circleci',
    steps: ['make --version | head -1', GCCV],
    files: {
      Makefile:
        'SRC = src/lexer.c src/parser.c src/main.c\nOBJ = $(SRC:.c=.o)\n\nall: calc\n\ncalc: $(OBJ)\n\t$(CC) -o $@ $^\n\n%.o: %.c\n\t$(CC) -c $< -o $@\n',
      'src/lexer.c': 'int lex(void) { return 0; }\n',
      'src/main.c': 'int lex(void);\nint main(void) { return lex(); }\n',
    },
    ev: /No rule to make target/,
    note: 'The Makefile lists src/parser.c, which does not exist: build. make names only the missing target (src/parser.o), not a source file or the Makefile, so there is no location.',
  },
  {
    id: 'c-cpp/fresh2-clang-werror-unused',
    tool: 'clang 14.0.6',
    cmd: 'clang -Wall -Wextra -Werror -c src/config.c -o config.o',
    pattern: null,
    category: 'lint',
    wrapper: 'buildkite',
    steps: ['clang --version | head -1'],
    files: {
      'src/config.c': `
                #include <stdlib.h>
                #include <string.h>

                struct config { int port; const char *host; };

                int config_load(struct config *c, const char *path) {
                    int fd = -1;
                    size_t n = strlen(path);
                    c->port = 8080;
                    c->host = "localhost";
                    return 0;
                }
                `,
    },
    ev: [/error: unused variable/, /\d+ errors? generated/],
    locre: /^(?<f>src\/\S+\.c):(?<l>\d+):(?<c>\d+): error/,
    note: 'Warnings promoted to errors by -Werror (unused variables/parameter): category lint (a warning the project chose to enforce), debatable against build.',
  },
  {
    id: 'c-cpp/fresh2-ctest-failing-case',
    tool: 'ctest 3.25.1',
    cmd: 'cd build && ctest --output-on-failure',
    pattern: null,
    category: 'test',
    wrapper: 'azure',
    steps: [CM, 'cmake -S . -B build', 'cmake --build build'],
    files: {
      'CMakeLists.txt':
        CMAKE_MIN +
        'project(strutil C)\nenable_testing()\nadd_library(strutil strutil.c)\nadd_executable(test_trim test_trim.c)\ntarget_link_libraries(test_trim strutil)\nadd_test(NAME trim_basic COMMAND test_trim basic)\nadd_test(NAME trim_error_inputs COMMAND test_trim errors)\nadd_test(NAME trim_unicode COMMAND test_trim unicode)\n',
      'strutil.c': `
                #include <ctype.h>
                #include <string.h>

                char *trim(char *s) {
                    while (*s == ' ') s++;
                    size_t n = strlen(s);
                    while (n > 1 && isspace((unsigned char)s[n - 1])) s[--n] = 0;
                    return s;
                }
                `,
      'test_trim.c': `
                #include <stdio.h>
                #include <string.h>

                char *trim(char *s);

                static int check(const char *in, const char *want) {
                    char buf[64];
                    strcpy(buf, in);
                    char *got = trim(buf);
                    if (strcmp(got, want) != 0) {
                        fprintf(stderr, "test_trim.c:%d: trim(\\"%s\\") = \\"%s\\", want \\"%s\\"\\n", __LINE__, in, got, want);
                        return 1;
                    }
                    return 0;
                }

                int main(int argc, char **argv) {
                    if (argc < 2) return 2;
                    if (!strcmp(argv[1], "basic")) return check("  hi  ", "hi");
                    if (!strcmp(argv[1], "errors")) return check("", "");
                    if (!strcmp(argv[1], "unicode")) return check("\\t \\n", "");
                    return 2;
                }
                `,
    },
    ev: [
      /^\s*\d+\/\d+ Test #\d+: trim_unicode \.+\*\*\*Failed/,
      /The following tests FAILED|trim_unicode \(Failed\)/,
    ],
    locs: [['test_trim.c', 11, null]],
    note: 'One of three ctest cases fails; a passing test is called trim_error_inputs. The test prints its own file:line (the fprintf line, 11).',
  },
  {
    id: 'c-cpp/fresh2-missing-header',
    tool: 'gcc 12.2.0',
    cmd: 'make CC=gcc',
    pattern: null,
    category: 'dependency',
    wrapper: 'github-actions',
    steps: ['@apt', GCCV],
    files: {
      Makefile: 'hashsum: hashsum.c\n\t$(CC) -O2 -o $@ $< -lcrypto\n',
      'hashsum.c': `
                #include <stdio.h>
                #include <sodium.h>

                int main(void) {
                    if (sodium_init() < 0) return 1;
                    puts("ok");
                    return 0;
                }
                `,
    },
    ev: [/fatal error: sodium\.h/, /compilation terminated/],
    locre: /^(?<f>hashsum\.c):(?<l>\d+):(?<c>\d+): fatal error/,
    note: 'A library header that is not installed (libsodium-dev): dependency, not a syntax error in the code.',
  },
  {
    id: 'c-cpp/fresh2-cppcheck-errors',
    tool: 'cppcheck 2.10',
    cmd: 'cppcheck --error-exitcode=1 --enable=warning --quiet src/',
    pattern: null,
    category: 'lint',
    wrapper: 'travis',
    steps: ['cppcheck --version', 'gcc -fsyntax-only src/*.c'],
    files: {
      'src/buf.c': `
                #include <stdlib.h>
                #include <string.h>

                char *dup_name(const char *s) {
                    char buf[8];
                    char *out = malloc(strlen(s) + 1);
                    strcpy(out, s);
                    buf[8] = 0;
                    return out;
                }

                int leak(int n) {
                    int *p = malloc(n * sizeof *p);
                    if (n > 10)
                        return -1;
                    free(p);
                    return 0;
                }
                `,
    },
    ev: [/^src\/\S+:\d+:\d+: error/, /^\s+\^$/],
    locre: /^(?<f>src\/\S+\.c):(?<l>\d+):(?<c>\d+): (?:error|warning)/,
    note: 'gcc -fsyntax-only passes first; cppcheck finds an out-of-bounds write and a leak.',
  },
  {
    id: 'c-cpp/fresh2-asan-heap-overflow',
    tool: 'gcc 12.2.0 (AddressSanitizer)',
    cmd: './test_vec',
    pattern: null,
    category: 'test',
    wrapper: 'gitlab',
    steps: [GCCV, 'gcc -g -fsanitize=address -fno-omit-frame-pointer -o test_vec vec.c test_vec.c'],
    env: { ASAN_OPTIONS: 'detect_leaks=0' },
    files: {
      'vec.c': `
                #include <stdlib.h>

                typedef struct { int *data; int len, cap; } vec;

                vec vec_new(int cap) {
                    vec v = {malloc(sizeof(int) * cap), 0, cap};
                    return v;
                }

                void vec_push(vec *v, int x) {
                    v->data[v->len++] = x;
                }
                `,
      'test_vec.c': `
                #include <stdio.h>

                typedef struct { int *data; int len, cap; } vec;
                vec vec_new(int cap);
                void vec_push(vec *v, int x);

                int main(void) {
                    vec v = vec_new(2);
                    for (int i = 0; i < 3; i++)
                        vec_push(&v, i);
                    printf("len=%d\\n", v.len);
                    return 0;
                }
                `,
    },
    ev: [/ERROR: AddressSanitizer: heap-buffer-overflow/, /SUMMARY: AddressSanitizer/],
    locs: [
      ['vec.c', 11, null],
      ['test_vec.c', 10, null],
    ],
    note: 'vec_push never grows the buffer; ASan aborts the test binary. Locations: the faulting write (vec.c:11) and the test line that called it.',
  },
];
