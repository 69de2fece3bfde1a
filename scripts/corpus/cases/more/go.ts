// The `more` dev batch: go cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const ENV = {
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOCACHE: '/tmp/i12-gocache',
  HOME: '/root',
  GOPATH: '/tmp/i12-gopath',
};
const MOD = 'module example.com/shop\n\ngo 1.19\n';

export const CASES: CorpusCase[] = [
  {
    id: 'go/more-vet-printf',
    tool: 'go vet (go 1.19)',
    cmd: 'go vet ./...',
    env: ENV,
    files: {
      'go.mod': MOD,
      'main.go':
        'package main\n\nimport "fmt"\n\nfunc main() {\n\tn := 3\n\tfmt.Printf("%s items\\n", n)\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /main\.go:\d+:\d+: /,
    locre: /^(?:\.\/)?(?<f>main\.go):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'ci',
  },
  {
    id: 'go/more-build-declared-not-used',
    tool: 'go build (go 1.19)',
    cmd: 'go build ./...',
    env: ENV,
    files: { 'go.mod': MOD, 'main.go': 'package main\n\nfunc main() {\n\tx := 1\n}\n' },
    pattern: 'build-error',
    category: 'build',
    ev: /main\.go:\d+:\d+: /,
    locre: /^(?:\.\/)?(?<f>main\.go):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'ci',
  },
  {
    id: 'go/more-test-timeout',
    tool: 'go test (go 1.19)',
    cmd: 'go test -timeout 1s ./...',
    env: ENV,
    files: {
      'go.mod': MOD,
      'q.go': 'package shop\n',
      'q_test.go':
        'package shop\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestDrain(t *testing.T) {\n\ttime.Sleep(3 * time.Second)\n}\n',
    },
    pattern: 'timeout',
    category: 'timeout',
    ev: [/panic: test timed out/, /panic: test timed out/],
    wrapper: 'ci',
    note: 'go test killed the test binary after -timeout: a timeout',
  },
  {
    id: 'go/more-test-fail-two-packages',
    tool: 'go test (go 1.19)',
    cmd: 'go test ./...',
    env: ENV,
    files: {
      'go.mod': MOD,
      'cart/cart.go': 'package cart\n\nfunc Total(a, b int) int { return a - b }\n',
      'cart/cart_test.go':
        'package cart\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif got := Total(2, 3); got != 5 {\n\t\tt.Errorf("Total(2, 3) = %d, want 5", got)\n\t}\n}\n',
      'tax/tax.go': 'package tax\n\nfunc Rate() int { return 20 }\n',
      'tax/tax_test.go':
        'package tax\n\nimport "testing"\n\nfunc TestRate(t *testing.T) {\n\tif Rate() != 20 {\n\t\tt.Fatal("rate")\n\t}\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/--- FAIL/, /^FAIL\s/],
    locs: [['cart_test.go', 7, null]],
    wrapper: 'ci',
  },
  {
    id: 'go/more-build-wrong-arg-count',
    tool: 'go build (go 1.19)',
    cmd: 'go build ./...',
    env: ENV,
    files: {
      'go.mod': MOD,
      'main.go':
        'package main\n\nfunc add(a, b int) int { return a + b }\n\nfunc main() {\n\t_ = add(1)\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/main\.go:\d+:\d+: /, /have|want/],
    locre: /^(?:\.\/)?(?<f>main\.go):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'ci',
  },
  {
    id: 'go/more-gofmt-diff',
    tool: 'gofmt (go 1.19)',
    cmd: 'test -z "$(gofmt -l .)" || { gofmt -d .; exit 1; }',
    env: ENV,
    files: { 'go.mod': MOD, 'main.go': 'package main\nfunc main() {\nprintln( "x" )\n}\n' },
    pattern: 'format-error',
    category: 'format',
    ev: [/^diff /, /^\+/],
    locs: [['main.go', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'go/more-make-test',
    tool: 'go test via make',
    cmd: 'make test',
    env: ENV,
    files: {
      'go.mod': MOD,
      Makefile: 'test:\n\tgo test ./...\n',
      'm.go': 'package shop\n\nfunc Half(n int) int { return n / 3 }\n',
      'm_test.go':
        'package shop\n\nimport "testing"\n\nfunc TestHalf(t *testing.T) {\n\tif Half(4) != 2 {\n\t\tt.Errorf("Half(4) = %d", Half(4))\n\t}\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/--- FAIL/, /^FAIL\s/],
    locs: [['m_test.go', 7, null]],
    wrapper: 'make',
  },
];
