// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const LIB = {
  'CMakeLists.txt': `
        cmake_minimum_required(VERSION 3.16)
        project(ringbuf C)
        enable_testing()
        add_library(ringbuf src/ringbuf.c)
        target_include_directories(ringbuf PUBLIC include)
        add_executable(test_push tests/test_push.c)
        target_link_libraries(test_push ringbuf)
        add_test(NAME push COMMAND test_push)
        add_executable(test_wrap tests/test_wrap.c)
        target_link_libraries(test_wrap ringbuf)
        add_test(NAME wrap COMMAND test_wrap)
        `,
  'include/ringbuf.h': `
        #ifndef RINGBUF_H
        #define RINGBUF_H
        #include <stddef.h>
        typedef struct { int data[4]; size_t head, len; } ringbuf;
        void rb_init(ringbuf *rb);
        int rb_push(ringbuf *rb, int v);
        int rb_pop(ringbuf *rb, int *out);
        size_t rb_len(const ringbuf *rb);
        #endif
        `,
  'src/ringbuf.c': `
        #include "ringbuf.h"

        void rb_init(ringbuf *rb) { rb->head = 0; rb->len = 0; }

        int rb_push(ringbuf *rb, int v) {
            if (rb->len == 4) return -1;
            rb->data[(rb->head + rb->len) % 4] = v;
            rb->len++;
            return 0;
        }

        int rb_pop(ringbuf *rb, int *out) {
            if (rb->len == 0) return -1;
            *out = rb->data[rb->head];
            rb->head = (rb->head + 1) % 3;
            rb->len--;
            return 0;
        }

        size_t rb_len(const ringbuf *rb) { return rb->len; }
        `,
  'tests/check.h': `
        #include <stdio.h>
        static int failures = 0;
        #define CHECK_EQ(a, b) do { long _a = (a), _b = (b); if (_a != _b) { \\
            fprintf(stderr, "%s:%d: CHECK_EQ(%s, %s) failed: %ld != %ld\\n", __FILE__, __LINE__, #a, #b, _a, _b); failures++; } } while (0)
        `,
  'tests/test_push.c': `
        #include "ringbuf.h"
        #include "check.h"

        int main(void) {
            ringbuf rb; rb_init(&rb);
            for (int i = 0; i < 4; i++) CHECK_EQ(rb_push(&rb, i), 0);
            CHECK_EQ(rb_push(&rb, 9), -1);
            CHECK_EQ((long)rb_len(&rb), 4);
            printf("push: %d failures\\n", failures);
            return failures != 0;
        }
        `,
  'tests/test_wrap.c': `
        #include "ringbuf.h"
        #include "check.h"

        int main(void) {
            ringbuf rb; rb_init(&rb); int v = 0;
            for (int i = 0; i < 4; i++) rb_push(&rb, i);
            rb_pop(&rb, &v); rb_pop(&rb, &v); rb_pop(&rb, &v);
            rb_push(&rb, 10);
            rb_pop(&rb, &v);
            CHECK_EQ(v, 3);
            rb_pop(&rb, &v);
            CHECK_EQ(v, 10);
            printf("wrap: %d failures\\n", failures);
            return failures != 0;
        }
        `,
};
const MK = `
CC ?= gcc
CFLAGS ?= -O2 -g
CFLAGS += -Wall -Wextra -Werror -std=c11 -Iinclude
OBJ = build/config.o build/parse.o build/main.o

all: build/confd

build/%.o: src/%.c | build
	$(CC) $(CFLAGS) -c $< -o $@

build:
	mkdir -p build

build/confd: $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

clean:
	rm -rf build
`;
const CONF_H = `
#ifndef CONFIG_H
#define CONFIG_H
struct config { const char *host; int port; int retries; };
int config_load(struct config *c, const char *path);
int parse_port(const char *s);
#endif
`;
const CONF_C = `
#include <stdio.h>
#include <string.h>
#include "config.h"

int config_load(struct config *c, const char *path) {
    FILE *f = fopen(path, "r");
    char line[256];
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "port=", 5) == 0) c->port = parse_port(line + 5);
        else if (strncmp(line, "retries=", 8) == 0) c->retries = parse_port(line + 8);
    }
    fclose(f);
    return 0;
}
`;
const PARSE_C = `
#include <stdlib.h>
#include "config.h"

int parse_port(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (v < 0 || v > 65535) return -1;
    return (int)v;
}
`;
const MAIN_C = `
#include <stdio.h>
#include "config.h"

int main(int argc, char **argv) {
    struct config c = { "localhost", 8080, 3 };
    if (argc > 1 && config_load(&c, argv[1]) != 0) {
        fprintf(stderr, "cannot read %s\\n", argv[1]);
        return 1;
    }
    printf("%s:%d (%d retries)\\n", c.host, c.port, c.retries);
    return 0;
}
`;
const CONFD = {
  Makefile: MK,
  'include/config.h': CONF_H,
  'src/config.c': CONF_C,
  'src/parse.c': PARSE_C,
  'src/main.c': MAIN_C,
};
const GCCLOC = /^(?<f>[\w/.-]+\.(?:c|h|cc|cpp|hpp)):(?<l>\d+):(?<c>\d+): (?:fatal )?error/;

export const CASES: CorpusCase[] = [
  {
    id: 'c-cpp/fresh-ctest-ringbuf-wrap',
    tool: 'ctest 3.25',
    cmd: 'ctest --test-dir build --output-on-failure',
    steps: [
      '@apt',
      'cmake --version',
      'cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug',
      'cmake --build build -j2',
    ],
    files: LIB,
    pattern: 'test-failure',
    category: 'test',
    ev: [/CHECK_EQ/, /The following tests FAILED|Failed {2}/],
    locs: [['tests/test_wrap.c', 10, null]],
    wrapper: 'travis',
    note: 'the ring buffer wraps at 3 instead of 4; push passes, wrap fails one check',
  },
  {
    id: 'c-cpp/fresh-make-unused-param-werror',
    tool: 'gcc 12 via make',
    cmd: 'make',
    steps: ['@apt', 'gcc --version'],
    files: {
      ...CONFD,
      'src/parse.c': PARSE_C.replaceAll('    if (v < 0', '    int base = 10;\n    if (v < 0'),
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/error: unused variable/, /cc1: all warnings being treated as errors/],
    locre: GCCLOC,
    wrapper: 'github-actions',
    note: '-Werror turns an unused variable into an error: lint, as the dev batch labels -Werror',
  },
  {
    id: 'c-cpp/fresh-make-no-member',
    tool: 'gcc 12 via make',
    cmd: 'make CC=gcc',
    steps: ['gcc --version', 'make --version'],
    files: { ...CONFD, 'src/main.c': MAIN_C.replaceAll('c.retries);', 'c.timeout_ms);') },
    pattern: 'type-error',
    category: 'type',
    ev: [/In function|error: .struct config. has no member/, /has no member named/],
    locre: GCCLOC,
    wrapper: 'travis',
    note: "'struct config has no member named timeout_ms': a field that does not exist; type (the struct's type has no such member). build is arguable",
  },
  {
    id: 'c-cpp/fresh-make-k-two-errors',
    tool: 'gcc 12 via make -k',
    cmd: 'make -k',
    files: {
      ...CONFD,
      'src/config.c': CONF_C.replaceAll('c->port = parse_port(line + 5);', 'c->port = parse_port(line + 5)'),
      'src/parse.c': PARSE_C.replaceAll('(int)v;', 'v + undefined_offset;'),
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/src\/config.c:\d+:\d+: error: expected/, /src\/config.c:\d+:\d+: error: expected/],
    locre: GCCLOC,
    wrapper: 'travis',
    note: 'make -k keeps going: a missing semicolon in config.c (first) and an undeclared name in parse.c (second); the first cause wins',
  },
  {
    id: 'c-cpp/fresh-ld-missing-libm',
    tool: 'gcc 12 (ld)',
    cmd: 'make',
    files: {
      ...CONFD,
      'src/parse.c':
        '#include <stdlib.h>\n#include <math.h>\n#include "config.h"\n\nint parse_port(const char *s) {\n    double v = strtod(s, NULL);\n    return (int)floor(sqrt(v * v));\n}\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: [/undefined reference to/, /collect2: error: ld returned/],
    locs: [['src/parse.c', 7, null]],
    wrapper: 'jenkins',
    note: 'sqrt/floor from libm without -lm: a link error; the linker names the calling line (parse.c:7)',
  },
  {
    id: 'c-cpp/fresh-cmake-version-too-new',
    tool: 'cmake 3.25',
    cmd: 'cmake -S . -B build -G "Unix Makefiles"',
    steps: ['@apt', 'cmake --version'],
    files: {
      ...LIB,
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.30)\n' + LIB['CMakeLists.txt']!.split('\n').slice(1).join('\n'),
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/CMake Error at/, /You are running version/],
    locs: [['CMakeLists.txt', 1, null]],
    wrapper: 'circleci',
    note: 'the project needs a newer cmake than the image has: config (tooling version)',
  },
  {
    id: 'c-cpp/fresh-asan-heap-overflow',
    tool: 'gcc 12 -fsanitize=address',
    cmd: './build/test_tokens',
    steps: [
      'gcc --version',
      'mkdir -p build && gcc -g -O1 -fsanitize=address -fno-omit-frame-pointer -o build/test_tokens tests/test_tokens.c src/tokens.c',
    ],
    files: {
      'src/tokens.c': `
            #include <stdlib.h>
            #include <string.h>

            char **split(const char *s, int *n) {
                char **out = malloc(sizeof(char *) * 2);
                char *copy = strdup(s), *tok = strtok(copy, ",");
                *n = 0;
                while (tok) { out[(*n)++] = tok; tok = strtok(NULL, ","); }
                return out;
            }
            `,
      'tests/test_tokens.c': `
            #include <stdio.h>
            char **split(const char *s, int *n);

            int main(void) {
                int n;
                char **a = split("x,y", &n);
                printf("ok 1 - two tokens (%s %s)\\n", a[0], a[1]);
                char **b = split("red,green,blue", &n);
                printf("ok 2 - three tokens (%s)\\n", b[2]);
                return 0;
            }
            `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/ERROR: AddressSanitizer/, /SUMMARY: AddressSanitizer/],
    locs: [['src/tokens.c', 8, null]],
    wrapper: 'github-actions',
    note: 'AddressSanitizer heap-buffer-overflow in the code under test while the test runs: a test failure (a crash), location the first frame in project code',
  },
  {
    id: 'c-cpp/fresh-gpp-missing-override-target',
    tool: 'g++ 12 via cmake --build',
    cmd: 'cmake --build build',
    steps: ['cmake -S . -B build'],
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(shapes CXX)\nset(CMAKE_CXX_STANDARD 17)\nadd_executable(shapes src/main.cpp src/shapes.cpp)\n',
      'src/shapes.h':
        '#pragma once\n#include <string>\nstruct Shape {\n  virtual ~Shape() = default;\n  virtual double area() const = 0;\n  virtual std::string name() const { return "shape"; }\n};\nstruct Circle : Shape {\n  explicit Circle(double r) : r_(r) {}\n  double area() const override;\n  std::string name() const override;\n private:\n  double r_;\n};\nstruct Square : Shape {\n  explicit Square(double s) : s_(s) {}\n  double area() override;\n private:\n  double s_;\n};\n',
      'src/shapes.cpp':
        '#include "shapes.h"\n\ndouble Circle::area() const { return 3.14159 * r_ * r_; }\nstd::string Circle::name() const { return "circle"; }\ndouble Square::area() { return s_ * s_; }\n',
      'src/main.cpp':
        '#include <iostream>\n#include <memory>\n#include <vector>\n#include "shapes.h"\n\nint main() {\n  std::vector<std::unique_ptr<Shape>> v;\n  v.push_back(std::make_unique<Circle>(1.0));\n  v.push_back(std::make_unique<Square>(2.0));\n  for (auto &s : v) std::cout << s->name() << " " << s->area() << "\\n";\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [
      /error: .*marked .override., but does not override/,
      /error: .*marked .override., but does not override/,
    ],
    locre: /^(?<f>\S*src\/\S+?\.(?:h|cpp)):(?<l>\d+):(?<c>\d+): error/,
    wrapper: 'gitlab',
    note: "a method marked override whose const-ness differs from the base: a type error in C++. The first error is in the header; main.cpp's abstract-class error follows from it",
  },
];
