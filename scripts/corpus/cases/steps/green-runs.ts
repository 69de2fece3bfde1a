// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase } from '../../generator/corpus-case.js';
import { GO, GOMOD, MVN, pom, CMAKE, NM2, RS } from './shared.js';

// A fourth probe (same session): GREEN multi-step runs full of failure words — warnings, retries
// that succeeded, passing tests named after errors, pending and xfailed tests. Nothing failed: unknown.
export const CASES: CorpusCase[] = [
  {
    id: 'steps/green-gcc-warnings-and-ctest',
    tool: 'cmake 3.25 / gcc 12 / ctest',
    cmd: 'cd build && ctest',
    eco: 'c-cpp',
    wrapper: 'github-actions',
    steps: ['cmake -S . -B build', 'cmake --build build'],
    files: {
      'CMakeLists.txt':
        CMAKE +
        'enable_testing()\nadd_executable(t_err tests/t_err.c)\nadd_test(NAME error_paths COMMAND t_err)\nadd_test(NAME timeout_retry COMMAND t_err)\n',
      'tests/t_err.c':
        '#include <stdio.h>\nint main(int argc, char **argv) {\n    int unused;\n    fprintf(stderr, "error: expected failure path exercised\\n");\n    return 0;\n}\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'compiler warnings, a test that prints "error:" on stderr and tests named after errors and timeouts: all green',
  },
  {
    id: 'steps/green-go-test-verbose-logs',
    tool: 'go 1.19',
    cmd: 'go test -v ./...',
    eco: 'go',
    wrapper: 'travis',
    env: GO,
    steps: ['go vet ./...'],
    files: {
      'go.mod': GOMOD,
      'retry.go':
        'package geo\n\nimport "errors"\n\nvar ErrTimeout = errors.New("timeout")\n\nfunc Retry(n int) error {\n\tif n > 3 {\n\t\treturn ErrTimeout\n\t}\n\treturn nil\n}\n',
      'retry_test.go':
        'package geo\n\nimport "testing"\n\nfunc TestRetryTimeoutError(t *testing.T) {\n\tif err := Retry(5); err == nil {\n\t\tt.Fatal("want error")\n\t} else {\n\t\tt.Logf("got expected error: %v (connection refused, permission denied)", err)\n\t}\n}\n\nfunc TestPanicRecovered(t *testing.T) {\n\tdefer func() { recover() }()\n\tpanic("boom")\n}\n',
    },
    pattern: null,
    category: 'unknown',
    note: 't.Logf lines with error words, a test that recovers its own panic: green',
  },
  {
    id: 'steps/green-maven-warnings',
    tool: 'maven 3.8 / surefire 2.22',
    cmd: `${MVN} test`,
    eco: 'jvm',
    wrapper: 'gitlab',
    steps: ['@mvn'],
    files: {
      'pom.xml': pom(''),
      'src/main/java/com/acme/Legacy.java':
        'package com.acme;\n\npublic class Legacy {\n    public Integer boxed(int x) { return new Integer(x); }\n}\n',
      'src/test/java/com/acme/ErrorHandlingTest.java':
        'package com.acme;\n\nimport static org.junit.Assert.assertEquals;\nimport org.junit.Test;\n\npublic class ErrorHandlingTest {\n    @Test\n    public void timeoutErrorIsReported() {\n        System.err.println("ERROR: simulated connection timeout");\n        assertEquals(Integer.valueOf(1), new Legacy().boxed(1));\n    }\n}\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'deprecation [WARNING]s, a test printing ERROR on stderr, "Tests run: 1, Failures: 0, Errors: 0": green',
  },
  {
    id: 'steps/green-pytest-xfail-warnings',
    tool: 'pytest 7.2',
    cmd: 'python3 -m pytest -q -p no:cacheprovider',
    eco: 'python',
    wrapper: 'jenkins',
    steps: ['python3 --version'],
    files: {
      'tests/test_net.py':
        'import warnings\nimport pytest\n\ndef test_connection_refused_is_retried():\n    warnings.warn("ConnectionRefusedError seen, retrying", RuntimeWarning)\n    assert True\n\n@pytest.mark.xfail(reason="ModuleNotFoundError on py3.13")\ndef test_future():\n    import not_a_module\n\n@pytest.mark.skip(reason="Permission denied on CI")\ndef test_perm():\n    pass\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'an xfailed ModuleNotFoundError, a skip reason saying Permission denied, a RuntimeWarning: green',
  },
  {
    id: 'steps/green-rspec-pending',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    eco: 'ruby',
    wrapper: 'circleci',
    steps: ['ruby -v'],
    files: {
      'spec/cart_spec.rb':
        'RSpec.describe "Cart" do\n  it "raises ArgumentError for negative totals" do\n    expect { raise ArgumentError, "negative" }.to raise_error(ArgumentError)\n  end\n\n  it "handles a network timeout" do\n    pending "Net::ReadTimeout handling not written yet"\n    raise "Net::ReadTimeout"\n  end\nend\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'an expected ArgumentError and a pending example that still fails as pending: green',
  },
  {
    id: 'steps/green-eslint-warnings-only',
    tool: 'eslint 9',
    cmd: 'npx --no-install eslint src',
    eco: 'js',
    wrapper: 'github-actions',
    pre: NM2,
    steps: ['@npm'],
    files: {
      'package.json': '{"name":"shop","version":"1.0.0","type":"module"}\n',
      'eslint.config.js': 'export default [{ rules: { "no-unused-vars": "warn", "no-console": "warn" } }];\n',
      'src/a.js': 'const unused = 1;\nconsole.log("error: not really");\nexport const a = 2;\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'eslint reports warnings only and exits 0',
  },
  {
    id: 'steps/green-cargo-test-with-warnings',
    tool: 'cargo 1.95',
    cmd: 'cargo test',
    eco: 'rust',
    wrapper: 'travis',
    env: RS,
    steps: ['cargo --version'],
    files: {
      'Cargo.toml': '[package]\nname = "geo"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs':
        'fn unused() -> u8 { 1 }\n\npub fn parse(s: &str) -> Result<i32, std::num::ParseIntError> { s.parse() }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn parse_error_is_returned() {\n        assert!(super::parse("x").is_err());\n    }\n\n    #[test]\n    #[should_panic(expected = "overflow")]\n    fn overflow_panics() {\n        panic!("overflow");\n    }\n}\n',
    },
    pattern: null,
    category: 'unknown',
    note: 'dead-code warning, a should_panic test and a test named after errors: green',
  },
  {
    id: 'steps/green-npm-deprecations',
    tool: 'npm 11 / jest 30',
    cmd: 'npx --no-install jest --ci',
    eco: 'js',
    wrapper: 'gitlab',
    pre: NM2,
    steps: ['@npm'],
    files: {
      'package.json': '{"name":"shop","version":"1.0.0"}\n',
      'src/fetch.test.js':
        "test('rejects with ECONNREFUSED when the server is down', async () => {\n  const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });\n  await expect(Promise.reject(err)).rejects.toThrow('ECONNREFUSED');\n  console.error('npm ERR! code E401 (logged by the code under test)');\n});\n",
    },
    pattern: null,
    category: 'unknown',
    note: 'a passing test about ECONNREFUSED whose code logs an npm E401 line: green',
  },
];
