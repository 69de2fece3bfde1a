// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 go: go build, vet, test (fail, panic, timeout, race), gofmt, modules.
const GOENV = {
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
  GOCACHE: '/tmp/c/.gocache',
  GONOSUMDB: '*',
  GONOSUMCHECK: '1',
};
const VER = 'go version';

function mod(name: string, { extra = '' }: { extra?: string } = {}): string {
  return `module github.com/acme/${name}\n\ngo 1.19\n${extra}`;
}

export const CASES: CorpusCase[] = [
  {
    id: 'go/fresh2-build-undefined-field',
    tool: 'go 1.19.8',
    cmd: 'go build ./...',
    pattern: null,
    category: 'type',
    wrapper: 'github-actions',
    steps: [VER, 'go env GOOS GOARCH'],
    env: GOENV,
    files: {
      'go.mod': mod('billing'),
      'invoice/invoice.go': `
                package invoice

                import (
                	"fmt"
                	"time"
                )

                type Invoice struct {
                	ID     string
                	Amount int64
                	Due    time.Time
                }

                func (i Invoice) Overdue(now time.Time) bool {
                	return now.After(i.DueDate)
                }

                func (i Invoice) String() string {
                	return fmt.Sprintf("%s %d", i.ID, i.Amount)
                }

                func Total(xs []Invoice) int64 {
                	var t int64
                	for _, x := range xs {
                		t += x.Amount
                	}
                	return t + fee
                }
                `,
    },
    ev: [/^# github\.com\/acme\/billing\/invoice/, /undefined: fee/],
    locre: /^(?<f>invoice\/\S+\.go):(?<l>\d+):(?<c>\d+): /,
  },
  {
    id: 'go/fresh2-vet-printf-args',
    tool: 'go 1.19.8 (go vet)',
    cmd: 'go vet ./...',
    pattern: null,
    category: 'lint',
    wrapper: 'travis',
    steps: [VER, 'go build ./...'],
    env: GOENV,
    after: ['go test ./...'],
    files: {
      'go.mod': mod('audit'),
      'log.go': `
                package audit

                import "fmt"

                type Event struct {
                	User string
                	N    int
                }

                func Line(e Event) string {
                	return fmt.Sprintf("user=%s count=%d", e.User)
                }

                func Count(e Event) string {
                	return fmt.Sprintf("%d events", e.User)
                }
                `,
      'log_test.go': `
                package audit

                import "testing"

                func TestCountErrorFree(t *testing.T) {
                	if got := Line(Event{"a", 1}); got == "" {
                		t.Fatal("empty")
                	}
                }
                `,
    },
    ev: [/^# github\.com\/acme\/audit/, /^\S+\.go:\d+:\d+: .*(format|arg)/],
    locre: /^(?<f>\S+\.go):(?<l>\d+):(?<c>\d+): /,
    note: 'Travis still runs go test after go vet failed; go test runs vet too and fails the same way. The first cause is the vet step.',
  },
  {
    id: 'go/fresh2-test-queue-order',
    tool: 'go 1.19.8 (go test)',
    cmd: 'go test -v ./...',
    pattern: null,
    category: 'test',
    wrapper: 'gitlab',
    steps: [VER, 'go build ./...'],
    env: GOENV,
    files: {
      'go.mod': mod('queue'),
      'queue.go': `
                package queue

                import "errors"

                var ErrEmpty = errors.New("queue: empty")

                type Queue struct{ items []int }

                func (q *Queue) Push(v int) { q.items = append(q.items, v) }

                func (q *Queue) Pop() (int, error) {
                	if len(q.items) == 0 {
                		return 0, ErrEmpty
                	}
                	v := q.items[len(q.items)-1]
                	q.items = q.items[:len(q.items)-1]
                	return v, nil
                }
                `,
      'queue_test.go': `
                package queue

                import (
                	"errors"
                	"testing"
                )

                func TestPopEmptyReturnsError(t *testing.T) {
                	var q Queue
                	_, err := q.Pop()
                	if !errors.Is(err, ErrEmpty) {
                		t.Fatalf("want ErrEmpty, got %v", err)
                	}
                	t.Log("error path ok: queue: empty")
                }

                func TestFIFO(t *testing.T) {
                	var q Queue
                	q.Push(1)
                	q.Push(2)
                	v, _ := q.Pop()
                	if v != 1 {
                		t.Errorf("Pop() = %d, want 1 (first in, first out)", v)
                	}
                }
                `,
    },
    ev: [/^\s+queue_test\.go:\d+: Pop/, /^--- FAIL: TestFIFO/],
    locre: /^\s+(?<f>queue_test\.go):(?<l>\d+): Pop/,
    note: 'A passing test is named ...ReturnsError and logs "error path ok"; the failure is TestFIFO.',
  },
  {
    id: 'go/fresh2-test-nil-map-panic',
    tool: 'go 1.19.8 (go test)',
    cmd: 'go test ./...',
    pattern: null,
    category: 'test',
    wrapper: 'jenkins',
    steps: [VER],
    env: GOENV,
    files: {
      'go.mod': mod('cache'),
      'cache/lru.go': `
                package cache

                type LRU struct {
                	cap   int
                	items map[string]string
                	order []string
                }

                func New(cap int) *LRU { return &LRU{cap: cap} }

                func (c *LRU) Put(k, v string) {
                	if len(c.order) >= c.cap {
                		delete(c.items, c.order[0])
                		c.order = c.order[1:]
                	}
                	c.items[k] = v
                	c.order = append(c.order, k)
                }
                `,
      'cache/lru_test.go': `
                package cache

                import "testing"

                func TestPutEvicts(t *testing.T) {
                	c := New(1)
                	c.Put("a", "1")
                	c.Put("b", "2")
                	if _, ok := c.items["a"]; ok {
                		t.Fatal("a not evicted")
                	}
                }
                `,
    },
    ev: [/^--- FAIL: TestPutEvicts/, /lru_test\.go:\d+ \+0x/],
    locs: [
      ['cache/lru.go', 16, null],
      ['cache/lru_test.go', 7, null],
    ],
    note: 'A nil-map write panics inside project code during a test; the goroutine trace names lru.go:16 (innermost project frame) and the test line.',
  },
  {
    id: 'go/fresh2-gofmt-unformatted',
    tool: 'go 1.19.8 (gofmt)',
    cmd: 'test -z "$(gofmt -l . | tee /dev/stderr)"',
    pattern: null,
    category: 'format',
    wrapper: 'circleci',
    steps: [VER],
    files: {
      'go.mod': mod('fmtme'),
      'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n    fmt.Println( "hi" )\n}\n',
      'util/strings.go':
        'package util\n\nfunc Rev(s string) string {\n\tr := []rune(s)\n\tfor i,j := 0,len(r)-1; i<j; i,j = i+1,j-1 { r[i],r[j]=r[j],r[i] }\n\treturn string(r)\n}\n',
      'util/ok.go': 'package util\n\n// Ok is fine.\nfunc Ok() bool { return true }\n',
    },
    ev: /^\S+\.go$/,
    locs: [
      ['main.go', 1, null],
      ['util/strings.go', 1, null],
    ],
    note: 'The step prints only the names of unformatted files (gofmt -l) and fails through test -z; the files are the locations.',
  },
  {
    id: 'go/fresh2-mod-unknown-module',
    tool: 'go 1.19.8',
    cmd: 'go build ./...',
    pattern: null,
    category: 'dependency',
    wrapper: 'azure',
    steps: [VER],
    env: GOENV,
    files: {
      'go.mod': mod('webhook'),
      'handler.go': `
                package webhook

                import (
                	"net/http"

                	"github.com/acme-labs/signature/v2"
                )

                func Verify(r *http.Request) bool {
                	return signature.Valid(r.Header.Get("X-Sig"))
                }
                `,
    },
    ev: /no required module provides package|cannot find module|module lookup disabled/,
    locre: /^(?<f>\S+\.go):(?<l>\d+):(?<c>\d+): /,
    note: 'The import names a module that go.mod does not require and the proxy is off: dependency.',
  },
  {
    id: 'go/fresh2-mod-missing-gosum',
    tool: 'go 1.19.8',
    cmd: 'go build ./...',
    pattern: null,
    category: 'lockfile',
    wrapper: 'buildkite',
    steps: [VER],
    env: { ...GOENV, GOFLAGS: '-mod=readonly', GOPROXY: 'file:///tmp/c/goproxy-f2' },
    pre: 'rm -rf /tmp/c/goproxy-f2 && mkdir -p /tmp/c/goproxy-f2/example.com/units/@v && cd /tmp/c/goproxy-f2/example.com/units/@v && printf "v1.2.0\\n" > list && printf "module example.com/units\\n\\ngo 1.19\\n" > v1.2.0.mod && printf \'{"Version":"v1.2.0"}\' > v1.2.0.info && mkdir -p /tmp/c/gz/example.com/units@v1.2.0 && printf "module example.com/units\\n\\ngo 1.19\\n" > /tmp/c/gz/example.com/units@v1.2.0/go.mod && printf "package units\\n\\nconst KB = 1024\\n" > /tmp/c/gz/example.com/units@v1.2.0/units.go && cd /tmp/c/gz && python3 -c "import zipfile,os; z=zipfile.ZipFile(\'/tmp/c/goproxy-f2/example.com/units/@v/v1.2.0.zip\',\'w\'); [z.write(os.path.join(d,f), os.path.join(d,f)) for d,_,fs in os.walk(\'example.com\') for f in fs]"',
    files: {
      'go.mod': mod('sizes', { extra: '\nrequire example.com/units v1.2.0\n' }),
      'sizes.go': `
                package sizes

                import "example.com/units"

                func Human(n int) int { return n / units.KB }
                `,
    },
    ev: [/missing go\.sum entry/, /^\s+go get /],
    locre: /^(?<f>\S+\.go):(?<l>\d+):(?<c>\d+): missing/,
    note: 'go.mod requires a module but go.sum has no entry for it: the lock (checksum) file is out of date.',
  },
  {
    id: 'go/fresh2-syntax-composite-literal',
    tool: 'go 1.19.8',
    cmd: 'go vet ./... && go build ./...',
    pattern: null,
    category: 'syntax',
    wrapper: 'github-actions',
    steps: [VER, 'go env GOVERSION'],
    env: GOENV,
    files: {
      'go.mod': mod('routes'),
      'routes.go': `
                package routes

                type Route struct {
                	Method string
                	Path   string
                }

                var All = []Route{
                	{Method: "GET", Path: "/health"},
                	{Method: "POST", Path: "/orders"}
                }

                func Count() int { return len(All) }
                `,
    },
    ev: /^vet: .*missing ','/,
    locre: /^(?:vet: )?(?<f>\S+\.go):(?<l>\d+):(?<c>\d+): /,
    note: 'go vet parses first and stops at a missing comma in a composite literal: a syntax error, reported with a "vet: " prefix.',
  },
  {
    id: 'go/fresh2-test-deadline-hang',
    tool: 'go 1.19.8 (go test)',
    cmd: 'go test -timeout 3s ./...',
    pattern: null,
    category: 'timeout',
    wrapper: 'travis',
    steps: [VER, 'go vet ./...'],
    env: GOENV,
    files: {
      'go.mod': mod('poller'),
      'poller.go': `
                package poller

                import "time"

                func WaitReady(ready func() bool) {
                	for !ready() {
                		time.Sleep(50 * time.Millisecond)
                	}
                }
                `,
      'poller_test.go': `
                package poller

                import "testing"

                func TestWaitReadyTimeoutFree(t *testing.T) {
                	n := 0
                	WaitReady(func() bool { n++; return n > 2 })
                }

                func TestWaitReadyNever(t *testing.T) {
                	WaitReady(func() bool { return false })
                }
                `,
    },
    ev: [/panic: test timed out after 3s/, /poller_test\.go:\d+/],
    locs: [
      ['poller.go', 7, null],
      ['poller_test.go', 11, null],
    ],
    note: 'go test kills the run when the -timeout budget is spent: "panic: test timed out after 3s" with the hung goroutine (poller.go:7 sleeping, called from the test). Category timeout; debatable against test.',
  },
  {
    id: 'go/fresh2-test-race-counter',
    tool: 'go 1.19.8 (go test -race)',
    cmd: 'go test -race -count=1 ./...',
    pattern: null,
    category: 'test',
    wrapper: 'gitlab',
    steps: [VER, 'go build ./...'],
    env: GOENV,
    timeout: 300,
    files: {
      'go.mod': mod('hits'),
      'hits.go': `
                package hits

                import "sync"

                type Counter struct{ n int }

                func (c *Counter) Inc() { c.n++ }

                func Hammer(c *Counter, workers int) {
                	var wg sync.WaitGroup
                	for i := 0; i < workers; i++ {
                		wg.Add(1)
                		go func() {
                			defer wg.Done()
                			c.Inc()
                		}()
                	}
                	wg.Wait()
                }
                `,
      'hits_test.go': `
                package hits

                import "testing"

                func TestHammer(t *testing.T) {
                	var c Counter
                	Hammer(&c, 8)
                	if c.n == 0 {
                		t.Fatal("no hits")
                	}
                }
                `,
    },
    ev: [/WARNING: DATA RACE/, /testing\.go:\d+: race detected/],
    locs: [['hits.go', 7, null]],
    note: 'The race detector fails the test; the racing write is Counter.Inc (hits.go:7), reported in both goroutines.',
  },
  {
    id: 'go/fresh2-green-verbose-with-skips',
    tool: 'go 1.19.8 (go test)',
    cmd: 'go test -v -count=1 ./...',
    pattern: null,
    category: 'unknown',
    wrapper: 'gitlab',
    steps: [VER, 'go vet ./...'],
    env: GOENV,
    files: {
      'go.mod': mod('greeter'),
      'greet.go':
        'package greeter\n\nimport "fmt"\n\n// Greet returns a greeting or an error for an empty name.\nfunc Greet(name string) (string, error) {\n\tif name == "" {\n\t\treturn "", fmt.Errorf("error: empty name")\n\t}\n\treturn "hello " + name, nil\n}\n',
      'greet_test.go':
        'package greeter\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestGreetEmptyIsError(t *testing.T) {\n\t_, err := Greet("")\n\tif err == nil {\n\t\tt.Fatal("want error")\n\t}\n\tt.Logf("got expected error: %v", err)\n}\n\nfunc TestGreetNetwork(t *testing.T) {\n\tif os.Getenv("NETWORK_TESTS") == "" {\n\t\tt.Skip("skipping: dial tcp: connection refused in sandbox (set NETWORK_TESTS=1)")\n\t}\n}\n\nfunc TestGreet(t *testing.T) {\n\tif got, _ := Greet("ada"); got != "hello ada" {\n\t\tt.Fatalf("got %q", got)\n\t}\n}\n',
    },
    note: 'Green: t.Logf prints "error: empty name", a skipped test mentions connection refused.',
  },
];
