// The first batch's go cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const GOENV = {
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOCACHE: '/tmp/c/.gocache',
  GOPATH: '/tmp/c/.gopath',
  GO111MODULE: 'on',
};
const MOD = { 'go.mod': 'module example.com/shop\n\ngo 1.19\n' };
const GOLOC = /^(?:\.\/)?(?<f>[\w/.-]+\.go):(?<l>\d+):(?<c>\d+): /;
const TLOC = /^\s+(?<f>\w+_test\.go):(?<l>\d+): /;

function g(
  id: string,
  files: Files,
  cmd: string,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  kw: Partial<CorpusCase> = {},
): CorpusCase {
  return {
    id,
    tool: 'go 1.19.8',
    cmd,
    files: { ...MOD, ...files },
    pattern,
    category,
    ev,
    env: GOENV,
    ...kw,
  };
}
const CART =
  'package shop\n\nfunc Total(prices []int) int {\n\tt := 0\n\tfor _, p := range prices[1:] {\n\t\tt += p\n\t}\n\treturn t\n}\n';

export const CASES: CorpusCase[] = [
  g(
    'go/build-undefined',
    { 'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(total)\n}\n' },
    'go build ./...',
    'build-error',
    'build',
    /undefined/,
    { locre: GOLOC, wrapper: 'ci', note: 'go `undefined:` is a build error' },
  ),
  g(
    'go/build-mismatched-types',
    { 'main.go': 'package main\n\nfunc main() {\n\tvar n int = 3\n\tvar s string = "a"\n\t_ = n + s\n}\n' },
    'go build ./...',
    'type-error',
    'type',
    /mismatched types|invalid operation/,
    { locre: GOLOC, wrapper: 'raw' },
  ),
  g(
    'go/build-unused-import',
    { 'main.go': 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tfmt.Println(1)\n}\n' },
    'go build ./...',
    'build-error',
    'build',
    /imported and not used/,
    { locre: GOLOC, wrapper: 'ci', note: 'an unused import stops the Go compiler: a build error' },
  ),
  g(
    'go/build-unused-variable',
    { 'main.go': 'package main\n\nfunc main() {\n\tx := 1\n}\n' },
    'go vet ./... && go build ./...',
    'build-error',
    'build',
    /declared but not used|declared and not used/,
    { locs: [['main.go', 4, 2]], wrapper: 'ci', held: true },
  ),
  g(
    'go/build-missing-return',
    {
      'main.go':
        'package main\n\nfunc f(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n}\n\nfunc main() { f(1) }\n',
    },
    'go build ./...',
    'build-error',
    'build',
    /missing return/,
    { locre: GOLOC, wrapper: 'raw' },
  ),
  g(
    'go/syntax-unexpected-brace',
    { 'main.go': 'package main\n\nfunc main() {\n\tif true {\n\t\tprintln(1)\n\t\n}\n' },
    'go build ./...',
    'syntax-error',
    'syntax',
    /syntax error/,
    { locre: GOLOC, wrapper: 'ci' },
  ),
  g(
    'go/test-fail-table',
    {
      'cart.go': CART,
      'cart_test.go':
        'package shop\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tcases := []struct{ in []int; want int }{{[]int{1, 2}, 3}, {[]int{5}, 5}}\n\tfor _, c := range cases {\n\t\tif got := Total(c.in); got != c.want {\n\t\t\tt.Errorf("Total(%v) = %d; want %d", c.in, got, c.want)\n\t\t}\n\t}\n}\n',
    },
    'go test ./...',
    'test-failure',
    'test',
    [/--- FAIL|Total\(/, /^FAIL\s/],
    { locre: TLOC, wrapper: 'ci' },
  ),
  g(
    'go/test-verbose-tls-names',
    {
      'cart.go': CART,
      'cart_test.go':
        'package shop\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestTLSConnectRetries(t *testing.T) { time.Sleep(20 * time.Millisecond) }\nfunc TestConnectionRefusedIsRetried(t *testing.T) {}\nfunc TestOutOfMemoryGuard(t *testing.T) {}\nfunc TestTotalSkipsNothing(t *testing.T) {\n\tif Total([]int{4, 6}) != 10 {\n\t\tt.Fatalf("Total dropped the first price")\n\t}\n}\n',
    },
    'go test -v ./...',
    'test-failure',
    'test',
    [/=== RUN {3}TestTotalSkipsNothing/, /--- FAIL/],
    {
      locre: TLOC,
      wrapper: 'ci',
      note: 'trap: passing tests named TLSConnect / ConnectionRefused / OutOfMemory, with timings; one assertion fails',
    },
  ),
  g(
    'go/test-panic-nil-map',
    {
      'cart.go': 'package shop\n\nvar stock map[string]int\n\nfunc Add(k string) { stock[k]++ }\n',
      'cart_test.go': 'package shop\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) { Add("x") }\n',
    },
    'go test ./...',
    'test-failure',
    'test',
    /panic: assignment to entry in nil map|--- FAIL/,
    {
      wrapper: 'raw',
      locs: [['cart.go', 5, null]],
      note: 'a panic in the code under test; goroutine frames are runtime noise',
    },
  ),
  g(
    'go/test-race-timeout',
    {
      'cart.go': CART,
      'cart_test.go':
        'package shop\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestSlowInventory(t *testing.T) { time.Sleep(5 * time.Second) }\n',
    },
    'go test -timeout 1s ./...',
    'test-timeout',
    'timeout',
    /panic: test timed out/,
    { wrapper: 'ci', held: true },
  ),
  g(
    'go/vet-copylocks',
    {
      'main.go':
        'package main\n\nimport (\n\t"fmt"\n\t"sync"\n)\n\ntype C struct{ mu sync.Mutex }\n\nfunc show(c C) { fmt.Println(c) }\n\nfunc main() { show(C{}) }\n',
    },
    'go vet ./...',
    'lint-error',
    'lint',
    /passes lock by value|call of show copies/,
    { locre: GOLOC, wrapper: 'ci' },
  ),
  g(
    'go/gofmt-list',
    { 'main.go': 'package main\nfunc main(){\nprintln( 1 )\n}\n' },
    'test -z "$(gofmt -l .)" || { gofmt -l .; echo "files are not gofmt-ed"; exit 1; }',
    'format-error',
    'format',
    /main.go|not gofmt/,
    { locs: [['main.go', 1, null]], wrapper: 'ci' },
  ),
  g(
    'go/mod-missing-module',
    {
      'main.go': 'package main\n\nimport "github.com/sirupsen/logrus"\n\nfunc main() { logrus.Info("x") }\n',
    },
    'go build ./...',
    'import-not-found',
    'dependency',
    /cannot find module|no required module|module lookup disabled/,
    { locre: GOLOC, wrapper: 'ci' },
  ),
  g(
    'go/mod-download-network',
    {
      'go.mod': 'module example.com/shop\n\ngo 1.19\n\nrequire github.com/google/uuid v1.6.0\n',
      'main.go': 'package main\n\nimport "github.com/google/uuid"\n\nfunc main() { _ = uuid.New() }\n',
    },
    'go mod download',
    'network-error',
    'network',
    /dial tcp|connection refused|proxy/,
    {
      env: { ...GOENV, GOPROXY: 'http://127.0.0.1:9', GOFLAGS: '-mod=mod' },
      wrapper: 'ci',
      note: 'GOPROXY points to a dead proxy (connection refused)',
    },
  ),
  g(
    'go/no-go-mod',
    {},
    'rm go.mod && go build ./...',
    'config-error',
    'config',
    /does not contain main module|go.mod file not found/,
    { wrapper: 'raw' },
  ),
  g(
    'go/mod-invalid-version',
    {
      'go.mod': 'module example.com/shop\n\ngo 1.19\n\nrequire github.com/google/uuid v1.x\n',
      'main.go': 'package main\nfunc main() {}\n',
    },
    'go build ./...',
    'config-error',
    'config',
    /go.mod:\d+|invalid/,
    { locs: [['go.mod', 5, null]], wrapper: 'ci', held: true },
  ),
  g(
    'go/test-build-failed',
    {
      'cart.go': CART,
      'cart_test.go':
        'package shop\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif Totl([]int{1}) != 1 {\n\t\tt.Fail()\n\t}\n}\n',
    },
    'go test ./...',
    'build-error',
    'build',
    /undefined: Totl|build failed/,
    { locre: GOLOC, wrapper: 'ci', note: 'the test file does not compile: build, not test' },
  ),
  g(
    'go/test-green-verbose',
    {
      'cart.go': CART.replaceAll('prices[1:]', 'prices'),
      'cart_test.go':
        'package shop\n\nimport "testing"\n\nfunc TestErrorPathsReturnNil(t *testing.T) { t.Log("0 errors, 0 failures") }\n',
    },
    'go test -v ./...',
    null,
    'unknown',
    undefined,
    { wrapper: 'ci' },
  ),
];

CASES.push(
  g(
    'go/build-wrong-arg-count',
    {
      'main.go':
        'package main\n\nfunc add(a, b int) int { return a + b }\n\nfunc main() {\n\t_ = add(1)\n}\n',
    },
    'go build ./...',
    'type-error',
    'type',
    /not enough arguments/,
    { locre: GOLOC, wrapper: 'ci', held: true },
  ),
  g(
    'go/test-fatal-nil',
    {
      'cart.go': CART,
      'cart_test.go':
        'package shop\n\nimport (\n\t"errors"\n\t"testing"\n)\n\nfunc load() error { return errors.New("fixture missing") }\n\nfunc TestLoad(t *testing.T) {\n\tif err := load(); err != nil {\n\t\tt.Fatalf("load: %v", err)\n\t}\n}\n',
    },
    'go test ./...',
    'test-failure',
    'test',
    [/--- FAIL/, /^FAIL\s/],
    { locre: TLOC, wrapper: 'raw', held: true },
  ),
  g(
    'go/vet-unreachable',
    { 'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Printf("%s\\n", 3)\n}\n' },
    'go vet ./...',
    'lint-error',
    'lint',
    /Printf format|wrong type/,
    { locre: GOLOC, wrapper: 'ci', held: true },
  ),
  g(
    'go/build-import-cycle',
    {
      'a/a.go': 'package a\n\nimport "example.com/shop/b"\n\nvar X = b.Y\n',
      'b/b.go': 'package b\n\nimport "example.com/shop/a"\n\nvar Y = a.X\n',
    },
    'go build ./...',
    'build-error',
    'build',
    /import cycle/,
    { wrapper: 'ci' },
  ),
);
