// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const ENV = { GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', CGO_ENABLED: '1' };
const MOD = 'module github.com/acme/ratelimit\n\ngo 1.19\n';
const BUCKET = `
package bucket

import (
	"sync"
	"time"
)

// Bucket is a token bucket refilled at a fixed rate.
type Bucket struct {
	mu       sync.Mutex
	capacity int
	tokens   int
	every    time.Duration
	last     time.Time
}

func New(capacity int, every time.Duration) *Bucket {
	return &Bucket{capacity: capacity, tokens: capacity, every: every, last: time.Now()}
}

func (b *Bucket) refill(now time.Time) {
	n := int(now.Sub(b.last) / b.every)
	if n > 0 {
		b.tokens += n
		if b.tokens > b.capacity {
			b.tokens = b.capacity
		}
		b.last = now
	}
}

// Take removes one token if there is one.
func (b *Bucket) Take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(time.Now())
	if b.tokens == 0 {
		return false
	}
	b.tokens--
	return true
}

func (b *Bucket) Available() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.tokens
}
`;
const BUCKET_TEST = `
package bucket

import (
	"testing"
	"time"
)

func TestTakeDrains(t *testing.T) {
	b := New(3, time.Hour)
	for i := 0; i < 3; i++ {
		if !b.Take() {
			t.Fatalf("take %d: bucket empty too early", i)
		}
	}
	if b.Take() {
		t.Error("fourth take succeeded on a bucket of 3")
	}
}

func TestAvailable(t *testing.T) {
	b := New(5, time.Hour)
	b.Take()
	t.Logf("available after one take: %d", b.Available())
	if got := b.Available(); got != 4 {
		t.Errorf("Available() = %d, want 4", got)
	}
}
`;
const KEYS = `
package keys

import "strings"

// Normalize lower-cases a client key and strips a "key:" prefix.
func Normalize(k string) string {
	k = strings.TrimSpace(strings.ToLower(k))
	return strings.TrimPrefix(k, "key:")
}
`;
const KEYS_TEST = `
package keys

import "testing"

func TestNormalize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"KEY:abc", "abc"},
		{"  xyz ", "xyz"},
		{"key: spaced", "spaced"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := Normalize(c.in); got != c.want {
				t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
`;
const BASE = {
  'go.mod': MOD,
  'bucket/bucket.go': BUCKET,
  'bucket/bucket_test.go': BUCKET_TEST,
  'keys/keys.go': KEYS,
  'keys/keys_test.go': KEYS_TEST,
};
const GOLOC = /^(?:\.\/)?(?<f>[\w/.-]+\.go):(?<l>\d+):(?<c>\d+): /;

export const CASES: CorpusCase[] = [
  {
    id: 'go/fresh-test-subtest-space',
    tool: 'go test 1.19',
    cmd: 'go test ./...',
    env: ENV,
    steps: ['@go', 'go vet ./...'],
    files: BASE,
    pattern: 'test-failure',
    category: 'test',
    ev: [/--- FAIL: TestNormalize/, /^FAIL\s+github.com\/acme\/ratelimit\/keys/],
    locs: [['keys/keys_test.go', 14, null]],
    wrapper: 'github-actions',
    note: 'the key:  with a space is not trimmed; the bucket package passes',
  },
  {
    id: 'go/fresh-vet-lostcancel',
    tool: 'go vet 1.19',
    cmd: 'go vet ./...',
    env: ENV,
    steps: ['go version'],
    files: {
      ...BASE,
      'client/client.go': `
            package client

            import (
            	"context"
            	"net/http"
            	"time"
            )

            func Ping(url string) (int, error) {
            	ctx, _ := context.WithTimeout(context.Background(), 2*time.Second)
            	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
            	if err != nil {
            		return 0, err
            	}
            	resp, err := http.DefaultClient.Do(req)
            	if err != nil {
            		return 0, err
            	}
            	defer resp.Body.Close()
            	return resp.StatusCode, nil
            }
            `,
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^# github.com\/acme\/ratelimit\/client/, /lostcancel|cancel function/],
    locre: GOLOC,
    wrapper: 'travis',
  },
  {
    id: 'go/fresh-test-race',
    tool: 'go test -race 1.19',
    cmd: 'go test -race -count=1 ./...',
    env: ENV,
    steps: ['@go'],
    files: {
      ...BASE,
      'bucket/counter_test.go': `
            package bucket

            import (
            	"sync"
            	"testing"
            	"time"
            )

            func TestConcurrentTake(t *testing.T) {
            	b := New(100, time.Hour)
            	taken := 0
            	var wg sync.WaitGroup
            	for i := 0; i < 8; i++ {
            		wg.Add(1)
            		go func() {
            			defer wg.Done()
            			for j := 0; j < 5; j++ {
            				if b.Take() {
            					taken++
            				}
            			}
            		}()
            	}
            	wg.Wait()
            	if taken != 40 {
            		t.Errorf("taken = %d, want 40", taken)
            	}
            }
            `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/WARNING: DATA RACE/, /race detected during execution of test/],
    locs: [['bucket/counter_test.go', 19, null]],
    wrapper: 'github-actions',
    timeout: 300,
    note: 'the race detector fails the test (an unguarded counter in the test itself); location the racing write',
  },
  {
    id: 'go/fresh-build-cannot-use-duration',
    tool: 'go build 1.19',
    cmd: 'go build ./...',
    env: ENV,
    files: {
      ...BASE,
      'cmd/limiter/main.go': `
            package main

            import (
            	"flag"
            	"fmt"

            	"github.com/acme/ratelimit/bucket"
            )

            func main() {
            	capacity := flag.Int("capacity", 10, "bucket size")
            	every := flag.Int("every-ms", 100, "refill interval")
            	flag.Parse()
            	b := bucket.New(*capacity, *every)
            	fmt.Println(b.Available())
            }
            `,
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/cannot use/, /cannot use/],
    locre: GOLOC,
    wrapper: 'jenkins',
  },
  {
    id: 'go/fresh-gofmt-check-script',
    tool: 'gofmt 1.19',
    cmd: 'test -z "$(gofmt -l .)" || { echo "Go files must be formatted with gofmt:"; gofmt -d .; exit 1; }',
    env: ENV,
    files: {
      ...BASE,
      'keys/keys.go': KEYS.replaceAll(
        'func Normalize(k string) string {',
        'func Normalize(k string)  string{',
      ).replaceAll('\treturn strings', '    return strings'),
    },
    pattern: 'format-error',
    category: 'format',
    ev: [/^diff /, /^\+/],
    locs: [['keys/keys.go', 1, null]],
    wrapper: 'circleci',
  },
  {
    id: 'go/fresh-test-green-verbose-logs',
    tool: 'go test 1.19',
    cmd: 'go test -v ./...',
    env: ENV,
    files: {
      ...BASE,
      'keys/keys.go': KEYS.replaceAll(
        'return strings.TrimPrefix(k, "key:")',
        'return strings.TrimSpace(strings.TrimPrefix(k, "key:"))',
      ),
      'bucket/bucket_test.go':
        BUCKET_TEST +
        '\nfunc TestRefillAfterError(t *testing.T) {\n\tt.Log("simulating error: upstream returned 503, retrying")\n\tb := New(1, time.Millisecond)\n\tb.Take()\n\ttime.Sleep(3 * time.Millisecond)\n\tif !b.Take() {\n\t\tt.Error("no refill")\n\t}\n}\n',
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    note: 'green: t.Log lines say error and 503',
  },
  {
    id: 'go/fresh-test-panic-slice',
    tool: 'go test 1.19',
    cmd: 'go test ./...',
    env: ENV,
    steps: ['go vet ./...'],
    files: {
      ...BASE,
      'keys/keys.go': KEYS.replaceAll(
        'return strings.TrimPrefix(k, "key:")',
        'return strings.TrimSpace(strings.TrimPrefix(k, "key:"))',
      ),
      'keys/split.go':
        'package keys\n\nimport "strings"\n\n// Scope returns the scope part of "scope/name".\nfunc Scope(k string) string {\n\tparts := strings.SplitN(k, "/", 2)\n\treturn parts[0] + ":" + parts[1]\n}\n',
      'keys/split_test.go':
        'package keys\n\nimport "testing"\n\nfunc TestScope(t *testing.T) {\n\tif got := Scope("admin/alice"); got != "admin:alice" {\n\t\tt.Errorf("got %q", got)\n\t}\n\tif got := Scope("anonymous"); got != "anonymous:" {\n\t\tt.Errorf("got %q", got)\n\t}\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/--- FAIL: TestScope/, /^FAIL\s+github.com\/acme\/ratelimit\/keys/],
    locs: [['keys/split.go', 8, null]],
    wrapper: 'travis',
    note: 'index out of range in the code under test: the test panics; location the innermost project frame',
  },
  {
    id: 'go/fresh-build-min-needs-go121',
    tool: 'go build 1.19',
    cmd: 'go build ./...',
    env: ENV,
    steps: ['go version'],
    files: {
      ...BASE,
      'go.mod': 'module github.com/acme/ratelimit\n\ngo 1.21\n',
      'bucket/clamp.go':
        'package bucket\n\n// Clamp keeps n within the capacity.\nfunc (b *Bucket) Clamp(n int) int {\n\treturn min(n, b.capacity)\n}\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: [/undefined: min/, /note: module requires Go 1.21/],
    locre: GOLOC,
    wrapper: 'gitlab',
    note: "the min builtin needs Go 1.21 and the runner has 1.19: undefined: min with go's note. build (config, the toolchain version, is arguable)",
  },
];
