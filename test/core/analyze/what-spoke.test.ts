import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { STRUCTURAL_CONFIDENCE } from '../../../src/core/analyze/structural-diagnosis.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

const catalogue = compileCatalogue(defaultPatterns());
const analyze = (lines: string[]) => analyzeText(catalogue, `${lines.join('\n')}\n`);

describe('which tool spoke: the command a titled step runs', () => {
  it('reads the command Jenkins traces under a stage named "Test"', () => {
    const d = analyze([
      '[Pipeline] stage',
      '[Pipeline] { (Test)',
      '[Pipeline] sh',
      '+ ./scripts/fetch-assets.sh',
      'downloading fonts',
      'giving up after 3 attempts',
      '[Pipeline] }',
      'ERROR: script returned exit code 3',
      'Finished: FAILURE',
    ]);
    expect(d).toMatchObject({ pattern: null, confidence: STRUCTURAL_CONFIDENCE });
    expect(d.category).not.toBe('test');
  });

  it('reads the command after Azure\'s "Script contents:" and CircleCI\'s shebang', () => {
    const azure = analyze([
      '##[section]Starting: Test',
      'Script contents:',
      'curl -fsS https://cdn.example/app.tgz -o app.tgz',
      '========================== Starting Command Output ===========================',
      'giving up',
      "##[error]Bash exited with code '22'.",
    ]);
    expect(azure.category).toBe('network');
    const circle = analyze([
      '#!/bin/bash -eo pipefail',
      'npx eslint src',
      'src/a.js',
      'done with 2 findings',
      '',
      'Exited with code exit status 1',
    ]);
    expect(circle.category).toBe('lint');
  });

  it('does not let a compiler-shaped line overrule the check that failed (go vet)', () => {
    const d = analyze([
      '$ go vet ./...',
      '# example.com/shop',
      './main.go:10:6: second argument to errors.As must be a non-nil pointer',
      'The command "go vet ./..." exited with 1.',
    ]);
    expect(d.category).toBe('lint');
    expect(d.locations).toContainEqual({ file: 'main.go', line: 10, column: 6 });
  });
});

describe('a crash names its kind by its exception', () => {
  it('a Python script that needs a missing file is set up wrong, at its innermost own frame', () => {
    const d = analyze([
      'Traceback (most recent call last):',
      '  File "/home/runner/work/app/app/scripts/gen.py", line 9, in <module>',
      '    main()',
      '  File "/home/runner/work/app/app/scripts/gen.py", line 3, in main',
      '    open("config/settings.json")',
      "FileNotFoundError: [Errno 2] No such file or directory: 'config/settings.json'",
    ]);
    expect(d.category).toBe('config');
    expect(d.locations).toEqual([{ file: 'scripts/gen.py', line: 3, column: null }]);
  });

  it('a Node script that crashes on its own bug is a build failure, not unknown', () => {
    const d = analyze([
      '/w/scripts/release.js:3',
      'console.log(x.bump());',
      '',
      'TypeError: x.bump is not a function',
      '    at Object.<anonymous> (/w/scripts/release.js:3:15)',
      '',
      'Node.js v20.20.2',
    ]);
    expect(d.category).toBe('build');
    expect(d.evidence?.text).toContain('TypeError: x.bump is not a function');
  });
});

describe("words of other failures in a test's code, name or output are not the cause", () => {
  it('ECONNREFUSED in the echoed source of a failing jest test', () => {
    const d = analyze([
      'FAIL src/retry.test.js',
      '  ● gives up after the connection is refused',
      '',
      '    expect(received).toBe(expected) // Object.is equality',
      '',
      "      4 |   const fail = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));",
      "    > 5 |   expect(await retry(fail, 2)).toBe('gave up');",
      '',
      'Tests:       1 failed, 1 total',
    ]);
    expect(d).toMatchObject({ pattern: 'test-failure', category: 'test' });
  });

  it("Permission denied in pytest's captured stdout", () => {
    const d = analyze([
      '_________ test_check _________',
      '>       assert check("/etc/app.conf")',
      'E       AssertionError: assert False',
      'tests/test_perm.py:6: AssertionError',
      '----------------------------- Captured stdout call -----------------------------',
      'open /etc/app.conf: Permission denied, retrying as root',
      '=========== short test summary info ===========',
      'FAILED tests/test_perm.py::test_check - AssertionError: assert False',
      '========== 1 failed in 0.04s ==========',
    ]);
    expect(d).toMatchObject({ pattern: 'test-failure', category: 'test' });
  });

  it('still says network when the test run itself cannot connect', () => {
    const d = analyze([
      'FAIL src/db.test.js',
      '  ● connects',
      '',
      '    Error: connect ECONNREFUSED 127.0.0.1:5432',
      '',
      'Tests:       1 failed, 1 total',
    ]);
    expect(d.category).toBe('network');
  });
});

describe("the failing tool's own errors, not what surrounds them", () => {
  it("drops a compiler's warnings when it printed errors, and keeps a linter's warnings (they are its findings)", () => {
    const gcc = analyze([
      'w.c:3:35: warning: unused variable ‘b’ [-Wunused-variable]',
      'w.c:7:11: error: ‘struct p’ has no member named ‘y’',
      'w.c:8:1: warning: control reaches end of non-void function [-Wreturn-type]',
      'make: *** [Makefile:2: all] Error 1',
    ]);
    expect(gcc).toMatchObject({ category: 'type', locations: [{ file: 'w.c', line: 7, column: 11 }] });
    const rustc = analyze([
      'warning: unused variable: `x`',
      ' --> src/lib.rs:2:9',
      'error[E0308]: mismatched types',
      ' --> src/lib.rs:5:5',
      'error: could not compile `shop` due to previous error',
    ]);
    expect(rustc.locations).toEqual([{ file: 'src/lib.rs', line: 5, column: 5 }]);
    const shellcheck = analyze([
      'run.sh:2:10: error: Iterating over ls output is fragile. [SC2045]',
      'run.sh:5:1: warning: Use cd ... || exit. [SC2164]',
    ]);
    expect(shellcheck.locations).toHaveLength(2);
  });

  it("reads a failing test's assertion and t.Errorf text as the test's data, not as another failure", () => {
    const pytest = analyze([
      '    def test_permission_denied_message():',
      ">       assert message(13) == 'permission denied'",
      "E       AssertionError: assert 'denied' == 'permission denied'",
      'tests/test_errors.py:5: AssertionError',
      'FAILED tests/test_errors.py::test_permission_denied_message - AssertionError',
      '============ 1 failed in 0.04s ============',
    ]);
    expect(pytest.category).toBe('test');
    const go = analyze([
      '--- FAIL: TestWait (0.00s)',
      '    w_test.go:7: worker timed out waiting for the queue',
      'FAIL',
      'FAIL\texample.com/shop\t0.011s',
    ]);
    expect(go.category).toBe('test');
  });
});

describe('messages of real tools and runners, read for what they say', () => {
  it.each([
    ['src/t.cpp:3:47: error: no match for ‘operator*’ (operand types are ‘std::string’ and ‘int’)', 'type'],
    ['geo.c:2:33: error: ‘struct pt’ has no member named ‘xx’; did you mean ‘x’?', 'type'],
    ['r.c:2:40: error: incompatible types when returning type ‘struct s’ but ‘int’ was expected', 'type'],
    ['app.rb:5:1: E: Lint/Syntax: unexpected token $end', 'syntax'],
    [
      "E   ImportError: cannot import name 'Mapping' from 'collections' (/usr/lib/python3.11/collections/__init__.py)",
      'dependency',
    ],
    ["OSError: [Errno 27] File too large: 'build/bundle.bin'", 'resource'],
    ['The command "node scripts/build-index.js" exited with 137.', 'resource'],
    ['/bin/bash: line 1:  4321 Killed                  node scripts/build-index.js', 'resource'],
    ['The command "timeout 60 ./smoke.sh" exited with 124.', 'timeout'],
    ['no main manifest attribute, in target/shop-1.0.jar', 'config'],
    ['============================ no tests ran in 0.01s =============================', 'config'],
    ['No tests found, exiting with code 1', 'config'],
    ['Target "dist" does not exist in the project "shop". ', 'config'],
    ['ERROR 403: Forbidden.', 'auth'],
  ])('%s → %s', (line, category) => {
    expect(analyze([line]).category).toBe(category);
  });

  it('gives an environment failure no code locations: the frames a download script crashed through are no place to fix', () => {
    const d = analyze([
      'Traceback (most recent call last):',
      '  File "/home/runner/work/app/app/scripts/fetch.py", line 8, in <module>',
      '    urlopen(URL)',
      'urllib.error.URLError: <urlopen error [Errno 111] Connection refused>',
    ]);
    expect(d.category).toBe('network');
    expect(d.locations).toEqual([]);
  });

  it('does not take g++\'s "required from here" for the error', () => {
    const d = analyze([
      'src/t.cpp: In instantiation of ‘T twice(T) [with T = std::string]’:',
      'src/t.cpp:6:17:   required from here',
      'src/t.cpp:3:47: error: no match for ‘operator*’ (operand types are ‘std::string’ and ‘int’)',
    ]);
    expect(d.locations).toEqual([{ file: 'src/t.cpp', line: 3, column: 47 }]);
  });
});

describe('cmake', () => {
  it('places a configure error where it happened, not at a deprecation warning or the includes that led there', () => {
    const d = analyze([
      'CMake Deprecation Warning at CMakeLists.txt:1 (cmake_minimum_required):',
      '  Compatibility with CMake < 2.8.12 will be removed.',
      '',
      'CMake Error at cmake/deps.cmake:1 (find_package):',
      '  Could not find a package configuration file provided by "ZLIBX" with any of',
      '  the following names:',
      '',
      'Call Stack (most recent call first):',
      '  CMakeLists.txt:3 (include)',
      '',
      '-- Configuring incomplete, errors occurred!',
    ]);
    expect(d.category).toBe('dependency');
    expect(d.locations).toEqual([{ file: 'cmake/deps.cmake', line: 1, column: null }]);
  });
});

describe('a JVM stack trace', () => {
  it('keeps its innermost frame of the project: the frames under it are its callers', () => {
    const d = analyze([
      'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "name" is null',
      '\tat com.acme.Greeter.greet(Greeter.java:12)',
      '\tat com.acme.App.run(App.java:20)',
      '\tat com.acme.App.main(App.java:5)',
      '##[error]Process completed with exit code 1.',
    ]);
    expect(d.locations).toEqual([{ file: 'src/main/java/com/acme/Greeter.java', line: 12, column: null }]);
  });
});

describe("a tool's own config file, broken", () => {
  it("is a config error, not the tool's category: prettier, jest, rustfmt, mix.exs, build.xml, tox, .rubocop.yml", () => {
    const cases: [string[], string][] = [
      [
        [
          'Checking formatting...',
          '[error] Invalid tabWidth value. Expected an integer, but received "four".',
        ],
        'npx prettier --check a.js',
      ],
      [
        [
          '● Validation Error:',
          '  Test environment jsdomm cannot be found. Make sure the testEnvironment configuration option points to an existing node module.',
        ],
        'npx jest --ci',
      ],
      [
        [
          'The file `rustfmt.toml` failed to parse.',
          'Error details: invalid type: string "wide", expected usize',
        ],
        'cargo fmt --check',
      ],
      [
        [
          '** (CompileError) mix.exs:3: undefined function deps/0 (expected X.MixProject to define such a function)',
        ],
        'mix compile',
      ],
      [
        [
          'Buildfile: build.xml',
          'BUILD FAILED',
          'build.xml:3: The element type "target" must be terminated by the matching end-tag "</target>".',
        ],
        'ant',
      ],
      [["ERROR: unknown environment 'lintt'"], 'tox -e lintt'],
      [
        [
          "/usr/lib/ruby/3.1.0/psych.rb:455:in `parse': (<unknown>): mapping values are not allowed in this context at line 3 column 11 (Psych::SyntaxError)",
        ],
        'rubocop a.rb',
      ],
    ];
    for (const [out, cmd] of cases) {
      expect(
        analyze([
          `##[group]Run ${cmd}`,
          cmd,
          '##[endgroup]',
          ...out,
          '##[error]Process completed with exit code 1.',
        ]).category,
        cmd,
      ).toBe('config');
    }
  });

  it("places Maven's model problems in pom.xml, but not a parent that cannot be downloaded", () => {
    const pom = analyze([
      '[ERROR] [ERROR] Some problems were encountered while processing the POMs:',
      '[ERROR] Unknown packaging: jarr @ line 1, column 163',
      '[ERROR] The build could not read 1 project -> [Help 1]',
      '[ERROR]   The project a:b:1 (/home/runner/work/app/app/pom.xml) has 1 error',
      '[ERROR]     Unknown packaging: jarr @ line 1, column 163',
      '[ERROR] ',
    ]);
    expect(pom).toMatchObject({ category: 'config', locations: [{ file: 'pom.xml', line: 1, column: 163 }] });
    const parent = analyze([
      '[ERROR]   The project com.example:shop:1.0.0 (/home/runner/work/app/app/pom.xml) has 1 error',
      '[ERROR]     Non-resolvable parent POM for com.example:shop:1.0.0: Cannot access central in offline mode @ line 3, column 11',
    ]);
    expect(parent).toMatchObject({ category: 'dependency', locations: [] });
    // A warning of the same words in a green build is no failure.
    expect(
      analyze([
        "[WARNING] 'build.plugins.plugin.version' for org.apache.maven.plugins:maven-jar-plugin is missing.",
        '[INFO] BUILD SUCCESS',
      ]).category,
    ).toBe('unknown');
  });
});

describe("rspec's load error", () => {
  it("is placed where the error says, else at its backtrace's first frame", () => {
    const syntax = analyze([
      'An error occurred while loading ./spec/cart_spec.rb.',
      'Failure/Error: require_relative "../lib/cart"',
      '',
      'SyntaxError:',
      "  /home/runner/work/app/app/lib/cart.rb:4: syntax error, unexpected end-of-input, expecting `end'",
      "# ./spec/cart_spec.rb:1:in `require_relative'",
      "# ./spec/cart_spec.rb:1:in `<top (required)>'",
      'No examples found.',
      '',
      '0 examples, 0 failures, 1 error occurred outside of examples',
    ]);
    expect(syntax.locations).toEqual([{ file: 'lib/cart.rb', line: 4, column: null }]);
    const name = analyze([
      'An error occurred while loading ./spec/cart_spec.rb.',
      'Failure/Error:',
      '  RSpec.describe Carts do',
      '',
      'NameError:',
      '  uninitialized constant Carts',
      "# ./spec/cart_spec.rb:2:in `<top (required)>'",
      'No examples found.',
      '',
      '0 examples, 0 failures, 1 error occurred outside of examples',
    ]);
    expect(name.locations).toEqual([{ file: 'spec/cart_spec.rb', line: 2, column: null }]);
  });
});

describe('Elixir', () => {
  it('a compile warning beside a failing test is no place; mix format names the files it would change', () => {
    const t = analyze([
      'warning: variable "x" is unused (if the variable is not meant to be used, prefix it with an underscore)',
      '  lib/geo.ex:3: Geo.area/1',
      '',
      '  1) test area (GeoTest)',
      '     test/geo_test.exs:3',
      '     Assertion with == failed',
      '     left:  4',
      '     right: 5',
      '     stacktrace:',
      '       test/geo_test.exs:4: (test)',
      '',
      '1 test, 1 failure',
    ]);
    expect(t.locations).toEqual([{ file: 'test/geo_test.exs', line: 3, column: null }]);
    const f = analyze([
      '** (Mix) mix format failed due to --check-formatted.',
      'The following files are not formatted:',
      '',
      '  * test/geo_test.exs',
      '  * lib/fmt.ex',
      '',
    ]);
    expect(f.locations).toEqual([
      { file: 'test/geo_test.exs', line: 1, column: null },
      { file: 'lib/fmt.ex', line: 1, column: null },
    ]);
  });
});

describe('memory errors caught at run time', () => {
  it("a sanitizer's report: its first stack's first project frame, not callers, the allocation stack or libc", () => {
    const d = analyze([
      '==26163==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x5629 bp 0x7ffd sp 0x7ffd',
      'WRITE of size 4 at 0x602000000020 thread T0',
      '    #0 0x562926e181ec in fill /home/runner/work/app/app/src/buf.c:4',
      '    #1 0x562926e1826d in helper /home/runner/work/app/app/src/buf.c:9',
      '    #3 0x7f0becccb249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58',
      '',
      'allocated by thread T0 here:',
      '    #0 0x7f0bec6b89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69',
      '    #1 0x562926e18258 in helper /home/runner/work/app/app/src/buf.c:8',
      '',
      'SUMMARY: AddressSanitizer: heap-buffer-overflow /home/runner/work/app/app/src/buf.c:4 in fill',
      '##[error]Process completed with exit code 1.',
    ]);
    expect(d).toMatchObject({
      pattern: 'memory-error',
      category: 'test',
      locations: [{ file: 'src/buf.c', line: 4, column: null }],
    });
  });

  it("Go's race detector: the first stack's first project frame; testing.go's own line is no place", () => {
    const d = analyze([
      '==================',
      'WARNING: DATA RACE',
      'Read at 0x00c0000b6158 by goroutine 9:',
      '  example.com/geo.(*Counter).Inc()',
      '      /home/runner/work/app/app/counter.go:5 +0x76',
      '  example.com/geo.TestInc.func1()',
      '      /home/runner/work/app/app/counter_test.go:13 +0x18',
      '',
      'Previous write at 0x00c0000b6158 by goroutine 8:',
      '  example.com/geo.(*Counter).Inc()',
      '      /home/runner/work/app/app/counter.go:5 +0x88',
      '==================',
      '--- FAIL: TestInc (0.01s)',
      '    testing.go:1319: race detected during execution of test',
      'FAIL',
      'FAIL\texample.com/geo\t0.098s',
    ]);
    expect(d).toMatchObject({ category: 'test', locations: [{ file: 'counter.go', line: 5, column: null }] });
  });

  it("valgrind's record, the same way", () => {
    const d = analyze([
      '==27022== Invalid write of size 4',
      '==27022==    at 0x109174: fill (buf.c:4)',
      '==27022==    by 0x1091BA: helper (buf.c:9)',
      "==27022==  Address 0x4a40050 is 0 bytes after a block of size 16 alloc'd",
      '==27022==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)',
      '==27022==    by 0x1091A5: helper (buf.c:8)',
      '==27022== ',
      '==27022== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)',
    ]);
    expect(d).toMatchObject({
      pattern: 'memory-error',
      category: 'test',
      locations: [{ file: 'buf.c', line: 4, column: null }],
    });
  });
});

describe('a job the CI says passed explains no failure, whatever words it holds', () => {
  it('GitLab\'s "Job succeeded", Jenkins\' "Finished: SUCCESS", Travis\' exit 0; GitHub\'s job end without ##[error]', () => {
    const maven = [
      '[WARNING] /builds/acme/app/src/main/java/com/acme/Legacy.java:[4,42] Integer(int) has been deprecated',
      'ERROR: simulated connection timeout',
      '[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0',
      '[INFO] BUILD SUCCESS',
    ];
    for (const end of ['Job succeeded', 'Finished: SUCCESS', 'Done. Your build exited with 0.']) {
      expect(analyze(['$ mvn -B test', ...maven, end])).toMatchObject({
        category: 'unknown',
        pattern: null,
        locations: [],
        evidence: null,
      });
    }
    const gha = [
      '##[group]Run npx eslint src',
      'npx eslint src',
      '##[endgroup]',
      "  1:7  warning  'unused' is assigned a value but never used  no-unused-vars",
      '✖ 1 problem (0 errors, 1 warning)',
      'Post job cleanup.',
      'Cleaning up orphan processes',
    ];
    expect(analyze(gha).category).toBe('unknown');
    // A job GitHub ended with an error of its own (a time limit, a cancel) did fail.
    const timedOut = [
      '##[group]Run npx mocha',
      'npx mocha',
      '##[endgroup]',
      '  ✔ connects',
      '##[error]The job running on runner GitHub Actions 3 has exceeded the maximum execution time of 360 minutes.',
      '##[error]The operation was canceled.',
      'Post job cleanup.',
      'Cleaning up orphan processes',
    ];
    expect(analyze(timedOut).category).toBe('timeout');
    // A tool's own output before a green job's log (two logs concatenated) is not covered by that job's word.
    expect(
      analyze(["src/index.ts(7,9): error TS2322: Type 'string' is not assignable to type 'number'.", ...gha])
        .category,
    ).toBe('type');
    // A step that failed under continue-on-error still failed.
    expect(
      analyze([
        '##[group]Run npm test',
        'npm test',
        '##[endgroup]',
        'npm error Lifecycle script `test` failed with error:',
        '##[error]Process completed with exit code 1.',
        'Cleaning up orphan processes',
      ]).category,
    ).not.toBe('unknown');
  });
});

describe('the places a person points to, where the tool names them in its own way', () => {
  it('a template error inside a library header is placed at the project line that instantiated it', () => {
    const d = analyze([
      '/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from ‘void std::sort(_RAIter, _RAIter)’',
      'src/rank.cpp:7:14:   required from here',
      '/usr/include/c++/12/bits/predefined_ops.h:45:23: error: no match for ‘operator<’ (operand types are ‘Player’ and ‘Player’)',
      '/usr/include/c++/12/bits/stl_iterator.h:1246:5: note: candidate: ‘template<class _IteratorL> bool operator<(…)’',
    ]);
    expect(d.locations).toEqual([{ file: 'src/rank.cpp', line: 7, column: 14 }]);
    // An error in the project's own template keeps its own line.
    const own = analyze([
      'src/box.h:3:12:   required from here',
      'src/box.h:9:5: error: invalid conversion from ‘int’ to ‘int*’',
    ]);
    expect(own.locations).toEqual([{ file: 'src/box.h', line: 9, column: 5 }]);
  });

  it('Maven\'s [WARNING] lines are warnings beside its [ERROR]s; ant\'s "see the compiler error output" is no place', () => {
    const mvn = analyze([
      '[WARNING] /home/runner/work/app/app/src/main/java/com/acme/Legacy.java:[5,42] Integer(int) has been deprecated',
      '[ERROR] COMPILATION ERROR : ',
      '[ERROR] /home/runner/work/app/app/src/main/java/com/acme/Cart.java:[7,16] cannot find symbol',
      '[INFO] BUILD FAILURE',
    ]);
    expect(mvn.locations).toEqual([{ file: 'src/main/java/com/acme/Cart.java', line: 7, column: 16 }]);
    const ant = analyze([
      "    [javac] /w/app/src/com/acme/Order.java:5: error: ';' expected",
      'BUILD FAILED',
      '/w/app/build.xml:4: Compile failed; see the compiler error output for details.',
    ]);
    expect(ant.locations.map((l) => l.file)).toEqual(['/w/app/src/com/acme/Order.java']);
  });

  it("composer's JSON parse error, and javac's first line glued to a quiet Gradle task", () => {
    expect(
      analyze([
        'In JsonFile.php line 347:',
        '  "./composer.json" does not contain valid JSON   ',
        '  Parse error on line 4:   ',
        '  ...  "php": ">=8.1",  }}',
        '  ---------------------^',
      ]).locations,
    ).toEqual([{ file: 'composer.json', line: 4, column: null }]);
    expect(
      analyze([
        ':compileJava/home/runner/work/app/app/src/main/java/com/acme/App.java:4: error: cannot find symbol',
        '1 error',
        '> Compilation failed; see the compiler error output for details.',
      ]).locations,
    ).toEqual([{ file: 'src/main/java/com/acme/App.java', line: 4, column: null }]);
  });

  it("when a lint step and a test step both failed, the places are the first cause's, not the next failure's", () => {
    const d = analyze([
      '$ npx eslint src',
      '/home/travis/build/acme/app/src/a.js',
      "  3:7  error  'x' is assigned a value but never used  no-unused-vars",
      '',
      '✖ 1 problem (1 error, 0 warnings)',
      '',
      'The command "npx eslint src" exited with 1.',
      '$ python3 -m pytest -q',
      '>       assert total([1, 2]) == 4',
      'E       assert 3 == 4',
      '',
      'tests/test_cart.py:4: AssertionError',
      'FAILED tests/test_cart.py::test_total - assert 3 == 4',
      '1 failed in 0.02s',
      'The command "python3 -m pytest -q" exited with 1.',
    ]);
    expect(d.category).toBe('lint');
    expect(d.locations).toEqual([{ file: 'src/a.js', line: 3, column: 7 }]);
  });

  it("pytest's traceback frames are callers: the innermost project frame, or the place the error names, is the place", () => {
    const syntax = analyze([
      '_____ ERROR collecting tests/test_cart.py _____',
      '/usr/lib/python3/dist-packages/_pytest/python.py:618: in _importtestmodule',
      '    mod = import_path(self.path)',
      'tests/test_cart.py:1: in <module>',
      '    from shop.cart import total',
      'E     File "/home/runner/work/app/app/shop/cart.py", line 2',
      'E       return sum(i["price"] for i in items',
      'E                 ^',
      "E   SyntaxError: '(' was never closed",
      '=== short test summary info ===',
      'ERROR tests/test_cart.py',
      '1 error in 0.13s',
    ]);
    expect(syntax.locations).toEqual([{ file: 'shop/cart.py', line: 2, column: null }]);
    const crash = analyze([
      '_____ test_total _____',
      'tests/test_cart.py:5: in test_total',
      '    assert total([1]) == 1',
      'shop/cart.py:3: in total',
      '    return x / 0',
      'E   ZeroDivisionError: division by zero',
      '=== short test summary info ===',
      'FAILED tests/test_cart.py::test_total',
      '1 failed in 0.02s',
    ]);
    expect(crash.locations).toEqual([{ file: 'shop/cart.py', line: 3, column: null }]);
  });

  it('reads the command CircleCI echoes after its shebang: a file gofmt lists is the place', () => {
    const d = analyze([
      '#!/bin/bash -eo pipefail',
      'test -z "$(gofmt -l .)" || { echo "files need gofmt:"; gofmt -l .; exit 1; }',
      'files need gofmt:',
      'geo.go',
      '',
      'Exited with code exit status 1',
    ]);
    expect(d.locations).toEqual([{ file: 'geo.go', line: 1, column: null }]);
  });

  it('says the program crashed (build) when the main thread dies, and a frame without a line does not end the trace', () => {
    const d = analyze([
      'Exception in thread "main" java.lang.NumberFormatException: For input string: "80x"',
      '\tat java.base/java.lang.Integer.parseInt(Integer.java:668)',
      '\tat shop.ConfigKt.port(Config.kt:5)',
      '\tat shop.ConfigKt.main(Config.kt:9)',
      '\tat shop.ConfigKt.main(Config.kt)',
      '\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)',
      '\tat org.jetbrains.kotlin.runner.AbstractRunner.run(runners.kt:61)',
      '\tat shop.Tool.run(Tool.kt:3)',
    ]);
    expect(d.category).toBe('build');
    expect(d.evidence?.startLine).toBe(1);
    expect(d.locations).toEqual([{ file: 'src/main/kotlin/shop/Config.kt', line: 5, column: null }]);
  });

  it('reads a check that failed in assertion words (Kotlin check()) as a failing test', () => {
    const d = analyze([
      'Exception in thread "main" java.lang.IllegalStateException: total: expected 350 but was 348',
      '\tat shop.CartCheckKt.main(CartCheck.kt:8)',
    ]);
    expect(d.category).toBe('test');
    expect(d.locations).toEqual([{ file: 'src/main/kotlin/shop/CartCheck.kt', line: 8, column: null }]);
  });

  it("places a frame that names a script by its base name at the path the step's command gave", () => {
    const d = analyze([
      '##[group]Run kotlinc -script scripts/release.kts',
      'java.lang.IndexOutOfBoundsException: Index 2 out of bounds for length 2',
      '\tat java.base/java.util.ArrayList.get(ArrayList.java:427)',
      '\tat Release.<init>(release.kts:3)',
      '##[endgroup]',
      '##[error]Process completed with exit code 3.',
    ]);
    expect(d.locations).toEqual([{ file: 'scripts/release.kts', line: 3, column: null }]);
  });

  it("places Gradle's test report (Class > test FAILED, then `Error at File.kt:9`) at the class's file under the test root", () => {
    const d = analyze([
      '',
      'shop.PriceTest > priceIsHundred FAILED',
      '    java.lang.AssertionError at PriceTest.kt:9',
      '',
      '1 test completed, 1 failed',
      ':test FAILED',
    ]);
    expect(d.category).toBe('test');
    expect(d.locations).toEqual([{ file: 'src/test/kotlin/shop/PriceTest.kt', line: 9, column: null }]);
  });
});

describe('kotlinc 1.3 and scalac 2.11 (real output of kotlinc 1.3.31 and scalac 2.11.12)', () => {
  it.each([
    ['src/shop/Price.kt:4:22: error: type mismatch: inferred type is String but Int was expected', 'type'],
    [
      'src/shop/User.kt:6:19: error: only safe (?.) or non-null asserted (!!.) calls are allowed on a nullable receiver of type String?',
      'type',
    ],
    ['src/shop/Log.kt:7:5: error: overload resolution ambiguity: ', 'type'],
    ['src/shop/Counter.kt:7:9: error: val cannot be reassigned', 'type'],
    [
      "src/shop/Shape.kt:8:1: error: class 'Square' is not abstract and does not implement abstract member public abstract fun name(): String defined in shop.Shape",
      'type',
    ],
    ["src/shop/Order.kt:4:44: error: expecting ')'", 'syntax'],
    [
      "src/shop/Fee.kt:4:27: error: unexpected tokens (use ';' to separate expressions on the same line)",
      'syntax',
    ],
    ['src/shop/Main.kt:6:18: error: unresolved reference: totl', 'build'],
    [
      "src/shop/Tax.kt:7:1: error: a 'return' expression required in a function with a block body ('{...}')",
      'build',
    ],
    ['src/Price.scala:3: error: type mismatch;', 'type'],
    ['src/Fees.scala:2: error: missing parameter type', 'type'],
    ['src/Sorting.scala:4: error: No implicit Ordering defined for Item.', 'type'],
    ["src/Order.scala:4: error: ')' expected but '}' found.", 'syntax'],
    ['src/Greeting.scala:2: error: unclosed string literal', 'syntax'],
    ['src/Main.scala:7: error: not found: value totl', 'build'],
    ['src/Json.scala:1: error: object circe is not a member of package io', 'dependency'],
    ["A.kt:6:8: error: no value passed for parameter 'b'", 'type'],
    [
      "A.kt:8:33: error: smart cast to 'String' is impossible, because 'shared' is a mutable property that could have been changed by this time",
      'type',
    ],
    ["A.kt:10:15: error: cannot access 'secret': it is private in 'Box'", 'type'],
    ['B.scala:5: error: too many arguments for method f: (a: Int, b: Int)Int', 'type'],
    ['B.scala:6: error: value lenght is not a member of String', 'type'],
    ['B.scala:3: error: recursive method rec needs result type', 'type'],
    ['B.scala:7: error: scrutinee is incompatible with pattern type;', 'type'],
  ])('%s → %s', (line, category) => {
    expect(analyze([line]).category).toBe(category);
  });

  it('reads an import line a compiler echoes under its error as a missing library', () => {
    const d = analyze([
      'src/shop/Http.kt:3:8: error: unresolved reference: okhttp3',
      'import okhttp3.OkHttpClient',
      '       ^',
    ]);
    expect(d.category).toBe('dependency');
    expect(d.locations).toEqual([{ file: 'src/shop/Http.kt', line: 3, column: 8 }]);
  });

  it('does not take the import flake8 --show-source echoes (a Python module, lower case) for a missing library', () => {
    expect(
      analyze(["app/x.py:1:1: F401 'xml.dom' imported but unused", 'import xml.dom', '^']).category,
    ).toBe('lint');
  });

  it('reads warnings made fatal (kotlinc -Werror, scalac -Xfatal-warnings) as lint, placed at the warnings', () => {
    const kt = analyze([
      'error: warnings found and -Werror specified',
      "src/shop/Stock.kt:4:9: warning: variable 'unused' is never used",
      '    val unused = sku.length',
      '        ^',
    ]);
    expect([kt.category, kt.locations]).toEqual([
      'lint',
      [{ file: 'src/shop/Stock.kt', line: 4, column: 9 }],
    ]);
    const sc = analyze([
      'src/Clock.scala:4: warning: method now in object Clock is deprecated: use nowMillis',
      '  def stamp(): String = now().toString',
      '                        ^',
      'error: No warnings can be incurred under -Xfatal-warnings.',
      'one warning found',
      'one error found',
    ]);
    expect([sc.category, sc.locations]).toEqual([
      'lint',
      [{ file: 'src/Clock.scala', line: 4, column: null }],
    ]);
  });

  it("reads kotlinc under gradle (`e: /abs/A.kt: (L, C): …`), also glued to the task name by gradle 4's plain console", () => {
    const d = analyze([
      ':compileKotlin',
      "w: /home/runner/work/app/app/src/main/kotlin/shop/Util.kt: (4, 9): Variable 'width' is never used",
      ':compileKotline: /home/runner/work/app/app/src/main/kotlin/shop/Price.kt: (4, 12): Type mismatch: inferred type is String but Int was expected',
      ' FAILED',
      '',
      'FAILURE: Build failed with an exception.',
      '',
      '* What went wrong:',
      "Execution failed for task ':compileKotlin'.",
      '> Compilation error. See log for more details',
    ]);
    expect(d.category).toBe('type');
    expect(d.locations).toEqual([{ file: 'src/main/kotlin/shop/Price.kt', line: 4, column: 12 }]);
    const syntax = analyze([
      "e: /home/runner/work/app/app/src/main/kotlin/shop/Fee.kt: (6, 37): Expecting '}'",
    ]);
    expect([syntax.category, syntax.locations]).toEqual([
      'syntax',
      [{ file: 'src/main/kotlin/shop/Fee.kt', line: 6, column: 37 }],
    ]);
  });

  it("gives a green run's compiler warnings no places", () => {
    const d = analyze([
      '##[group]Run kotlinc src -d out',
      "src/shop/Main.kt:4:9: warning: variable 'unused' is never used",
      '    val unused = 1',
      '        ^',
      '##[endgroup]',
      '250',
    ]);
    expect([d.category, d.locations]).toEqual(['unknown', []]);
  });
});

describe('a Go panic', () => {
  it("is placed at the panicking goroutine's first frame of the project, inlined or not, not at its callers or other goroutines", () => {
    const d = analyze([
      '--- FAIL: TestTotal (0.00s)',
      'panic: assignment to entry in nil map [recovered]',
      '',
      'goroutine 7 [running]:',
      'testing.tRunner.func1.2({0x5a3e40, 0x6b1f20})',
      '\t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e',
      'example.com/shop.(*Cart).Add(...)',
      '\t/home/runner/work/app/app/cart.go:12 +0x4a',
      'example.com/shop.TestTotal(0xc000007860)',
      '\t/home/runner/work/app/app/cart_test.go:8 +0x33',
      '',
      'goroutine 1 [chan receive]:',
      'testing.(*T).Run(0xc0000076c0)',
      '\t/home/runner/work/app/app/main_test.go:20',
      '',
      'FAIL\texample.com/shop\t0.012s',
    ]);
    expect(d.category).toBe('test');
    expect(d.locations).toEqual([{ file: 'cart.go', line: 12, column: null }]);
  });
});

describe('g++ and clang++ type errors, one line each (real output of g++ 12 and clang 14)', () => {
  it.each([
    'a.cpp:8:14: error: conversion from ‘A’ to non-scalar type ‘B’ requested',
    'a.cpp:9:4: error: call of overloaded ‘f(int)’ is ambiguous',
    'a.cpp:10:5: error: cannot bind non-const lvalue reference of type ‘int&’ to an rvalue of type ‘int’',
    'a.cpp:11:15: error: ‘v’ cannot be used as a function',
    'a.cpp:13:39: error: invalid array assignment',
    'a.cpp:15:20: error: return-statement with a value, in function returning ‘void’ [-fpermissive]',
    "a.cpp:9:3: error: call to 'f' is ambiguous",
    "a.cpp:13:39: error: array type 'int[3]' is not assignable",
    "a.cpp:15:13: error: void function 'vf' should not return a value [-Wreturn-type]",
  ])('%s', (line) => {
    expect(analyze([line]).category).toBe('type');
  });
});

describe('line endings', () => {
  it("reads a CRLF log as its LF twin, long lines included (as the CLI's splitter does)", () => {
    const lines = [
      `> tsc --noEmit ${'x'.repeat(5000)}`,
      "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      'Found 1 error.',
    ];
    const lf = analyzeText(catalogue, `${lines.join('\n')}\n`);
    const crlf = analyzeText(catalogue, `${lines.join('\r\n')}\r\n`);
    expect(crlf).toEqual(lf);
  });
});
