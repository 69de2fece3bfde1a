// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase } from '../../generator/corpus-case.js';
import { GO, GOMOD } from './shared.js';

// A fifth probe (same session): memory errors caught at run time (ASan under ctest, valgrind, UBSan).
const BUF_C = `#include <stdlib.h>
int fill(int *a, int n) {
    for (int i = 0; i <= n; i++) a[i] = i;
    return a[0];
}
int helper(int n) {
    int *a = malloc(n * sizeof(int));
    int r = fill(a, n);
    free(a);
    return r;
}
`;

export const CASES: CorpusCase[] = [
  {
    id: 'steps/asan-heap-overflow-under-ctest',
    tool: 'gcc 12 -fsanitize=address / ctest',
    cmd: 'cd build && ctest --output-on-failure',
    eco: 'c-cpp',
    wrapper: 'github-actions',
    steps: [
      'cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-fsanitize=address',
      'cmake --build build',
    ],
    files: {
      'CMakeLists.txt':
        'cmake_minimum_required(VERSION 3.16)\nproject(geo C)\nenable_testing()\nadd_library(buf src/buf.c)\nadd_executable(t_buf tests/t_buf.c)\ntarget_link_libraries(t_buf buf)\nadd_test(NAME buf COMMAND t_buf)\n',
      'src/buf.c': BUF_C,
      'tests/t_buf.c': 'int helper(int n);\nint main(void) {\n    return helper(4);\n}\n',
    },
    pattern: 'memory-error',
    category: 'test',
    ev: [/ERROR: AddressSanitizer/, /SUMMARY: AddressSanitizer/],
    locs: [['src/buf.c', 3, null]],
    note: "the first frame of the project's code in the error's stack (fill, buf.c:3) is the bad write; helper and the allocation stack are context",
  },
  {
    id: 'steps/valgrind-invalid-write',
    tool: 'valgrind 3.19',
    cmd: 'valgrind --error-exitcode=1 --leak-check=full ./app',
    eco: 'c-cpp',
    wrapper: 'travis',
    steps: ['gcc -g -Wall -o app src/buf.c src/main.c'],
    files: {
      'src/buf.c': BUF_C,
      'src/main.c': 'int helper(int n);\nint main(void) {\n    return helper(4) ? 0 : 0;\n}\n',
    },
    pattern: 'memory-error',
    category: 'test',
    ev: [/Invalid write/, /by 0x.*main/],
    locs: [['buf.c', 3, null]],
    note: 'valgrind prints the file without its folder',
  },
  {
    id: 'steps/ubsan-signed-overflow',
    tool: 'gcc 12 -fsanitize=undefined',
    cmd: './build/sum',
    eco: 'c-cpp',
    wrapper: 'gitlab',
    steps: ['gcc -g -fsanitize=undefined -fno-sanitize-recover=all -o build/sum src/sum.c'],
    pre: 'mkdir -p build',
    files: {
      'src/sum.c':
        '#include <limits.h>\n#include <stdio.h>\nint add(int a, int b) { return a + b; }\nint main(void) {\n    printf("%d\\n", add(INT_MAX, 1));\n    return 0;\n}\n',
    },
    pattern: 'memory-error',
    category: 'test',
    ev: /runtime error/,
    locre: /(?<f>src\/[\w.]+):(?<l>\d+):(?<c>\d+): runtime error/,
    note: 'undefined behaviour caught at run time; the sanitizer aborts the program',
  },
  {
    id: 'steps/go-test-race',
    tool: 'go 1.19 -race',
    cmd: 'go test -race ./...',
    eco: 'go',
    wrapper: 'azure',
    env: GO,
    steps: ['go vet ./...'],
    files: {
      'go.mod': GOMOD,
      'counter.go': 'package geo\n\ntype Counter struct{ n int }\n\nfunc (c *Counter) Inc() { c.n++ }\n',
      'counter_test.go':
        'package geo\n\nimport (\n\t"sync"\n\t"testing"\n)\n\nfunc TestInc(t *testing.T) {\n\tc := &Counter{}\n\tvar wg sync.WaitGroup\n\tfor i := 0; i < 2; i++ {\n\t\twg.Add(1)\n\t\tgo func() { defer wg.Done(); c.Inc() }()\n\t}\n\twg.Wait()\n}\n',
    },
    pattern: 'memory-error',
    category: 'test',
    ev: [/WARNING: DATA RACE/, /race detected/],
    locs: [['counter.go', 5, null]],
    note: 'the race report\'s first project frame is the racy access; "testing.go:1319: race detected" is Go\'s testing package, not a place',
  },
];
