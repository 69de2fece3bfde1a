import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { STRUCTURAL_CONFIDENCE } from '../../../src/core/analyze/structural-diagnosis.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';
import { mergeCatalogue } from '../../../src/core/patterns/merge-catalogue.js';
import { categoryOfCommand } from '../../../src/core/analyze/command-category.js';

const catalogue = compileCatalogue(defaultPatterns());
const analyze = (lines: string[], command?: string) =>
  analyzeText(catalogue, `${lines.join('\n')}\n`, command ? { command } : {});

/**
 * A GitHub Actions raw log: a green setup step with words that sound like failures, then the step that
 * failed.
 */
function gha(failingCommand: string, output: string[]): string[] {
  return [
    '2026-11-20T10:00:00.0000000Z ##[group]Run sudo apt-get install -y libssl-dev',
    '2026-11-20T10:00:01.0000000Z Reading package lists...',
    '2026-11-20T10:00:01.1000000Z Building dependency tree...',
    '2026-11-20T10:00:01.2000000Z W: Failed to fetch http://archive.ubuntu.com/ubuntu/dists/jammy/InRelease  Connection refused',
    '2026-11-20T10:00:01.3000000Z ##[endgroup]',
    `2026-11-20T10:00:02.0000000Z ##[group]Run ${failingCommand}`,
    ...output.map((l, i) => `2026-11-20T10:00:02.${String(i + 1).padStart(7, '0')}Z ${l}`),
    '2026-11-20T10:00:03.0000000Z ##[error]Process completed with exit code 1.',
  ];
}

describe('what failed first: the structure of the log', () => {
  it('looks for the cause in the failing step only, not in the noise of a green one', () => {
    const d = analyze(
      gha('./scripts/check-licences.sh', [
        'checking 41 packages',
        'left-pad: licence WTFPL is not on the allow list',
      ]),
    );
    expect(d.category).not.toBe('network');
    expect(d.pattern).toBeNull();
    expect(d.evidence?.text).toContain('left-pad: licence WTFPL is not on the allow list');
    expect(d.evidence!.startLine).toBeGreaterThanOrEqual(7);
  });

  it('takes the category the failing command implies, at an honest low confidence', () => {
    const d = analyze(
      gha('npm test', [
        '> app@1.0.0 test',
        '> node scripts/selftest.mjs',
        'selftest: 3 of 12 checks did not hold',
      ]),
    );
    expect(d).toMatchObject({ pattern: null, category: 'test', confidence: STRUCTURAL_CONFIDENCE });
    expect(d.evidence?.text).toContain('selftest: 3 of 12 checks did not hold');
  });

  it('reads Travis: the command that exited non-zero names the failure', () => {
    const d = analyze([
      '$ git clone --depth=50 https://github.com/acme/app.git',
      "Cloning into 'app'...",
      '$ ./lint.sh',
      'src/a.c: style: 4 functions longer than 80 lines',
      'The command "./lint.sh" exited with 1.',
    ]);
    expect(d.category).toBe('lint');
    expect(d.evidence?.text).toContain('style: 4 functions longer than 80 lines');
  });

  it('reads a build tool summary: the Maven goal that failed', () => {
    const d = analyze([
      '[INFO] BUILD FAILURE',
      '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:2.22.2:test (default-test) on project app: There was a timeout or other error in the fork',
    ]);
    expect(d.category).toBe('test');
    expect(d.evidence?.text).toContain('maven-surefire-plugin');
  });

  it('reads make: the target that failed', () => {
    expect(analyze(['./app', 'make: *** [Makefile:7: test] Segmentation fault']).category).toBe('test');
  });

  it('answers unknown only for a log with no failure in it', () => {
    const d = analyze([
      '##[group]Run npm test',
      '  ✓ handles ECONNREFUSED (3 ms)',
      'Tests: 12 passed, 12 total',
      '##[endgroup]',
    ]);
    expect(d).toMatchObject({ pattern: null, category: 'unknown', confidence: 0, evidence: null });
  });

  it('reads a bare gofmt -l file list as a format failure when the command was gofmt -l', () => {
    const d = analyze(['b.go', 'internal/x/y.go'], 'test -z "$(gofmt -l .)"');
    expect(d.category).toBe('format');
    expect(d.locations).toEqual([
      { file: 'b.go', line: 1, column: null },
      { file: 'internal/x/y.go', line: 1, column: null },
    ]);
  });
});

// Real output of the tools (captured here), the list of misclassified or unknown failures.
describe('the right category for what real tools print', () => {
  it.each([
    ['go build: undefined', ['# x', './main.go:4:2: undefined: foo'], 'build'],
    [
      'rustc E0425',
      [
        'error[E0425]: cannot find value `y` in this scope',
        ' --> src/main.rs:2:13',
        'error: could not compile `rs` (bin "rs") due to 1 previous error',
      ],
      'build',
    ],
    [
      'javac cannot find symbol',
      [
        'A.java:2: error: cannot find symbol',
        '  void f() { int x = y; }',
        '  symbol:   variable y',
        '1 error',
      ],
      'build',
    ],
    [
      'npm missing script',
      [
        'npm error Missing script: "lint"',
        'npm error',
        'npm error To see a list of scripts, run:',
        'npm error   npm run',
      ],
      'config',
    ],
    [
      'npm EJSONPARSE',
      [
        'npm error code EJSONPARSE',
        'npm error JSON.parse Invalid package.json: JSONParseError: Expected double-quoted property name in JSON at position 12',
      ],
      'config',
    ],
    [
      'no go.mod',
      ['pattern ./...: directory prefix . does not contain main module or its selected dependencies'],
      'config',
    ],
    [
      'unparseable pom',
      ['[FATAL] Non-readable POM /tmp/p/pom.xml: no more data available - expected end tags </project> @2:1'],
      'config',
    ],
    ['make: no rule', ["make: *** No rule to make target 'foo', needed by 'all'.  Stop."], 'build'],
    [
      'pip externally managed',
      ['error: externally-managed-environment', '', '× This environment is externally managed'],
      'config',
    ],
    [
      'jest setup file missing',
      [
        '● Validation Error:',
        '',
        '  Module <rootDir>/jest.setup.js in the setupFilesAfterEnv option was not found.',
      ],
      'config',
    ],
    [
      'npm E403',
      ['npm error code E403', 'npm error 403 403 Forbidden - GET https://registry.npmjs.org/@acme%2fprivate'],
      'auth',
    ],
    ['pip 401', ['ERROR: HTTP error 401 while getting https://pypi.acme.dev/simple/x/'], 'auth'],
    ['curl 403', ['curl: (22) The requested URL returned error: 403'], 'auth'],
    ['curl 429', ['curl: (22) The requested URL returned error: 429'], 'network'],
    ['go vet', ['# x', './main.go:6:2: fmt.Printf format %d has arg "s" of wrong type string'], 'lint'],
    [
      'mypy missing stub',
      [
        'app/x.py:1: error: Cannot find implementation or library stub for module named "yaml"  [import-not-found]',
      ],
      'dependency',
    ],
    ['unittest', ['Ran 3 tests in 0.001s', '', 'FAILED (errors=1)'], 'test'],
    ['pyflakes', ["app/x.py:1:1: 'os' imported but unused"], 'lint'],
    [
      'gradle resolution',
      [
        '* What went wrong:',
        "Execution failed for task ':compileJava'.",
        "> Could not resolve all files for configuration ':compileClasspath'.",
        '   > Could not find com.acme:lib:9.9.',
      ],
      'dependency',
    ],
    [
      'maven parent pom',
      [
        '[ERROR]   Non-resolvable parent POM for com.acme:app:1.0: Could not find artifact com.acme:parent:pom:3 @ line 5',
      ],
      'dependency',
    ],
    [
      'checkstyle under gradle',
      [
        "Execution failed for task ':checkstyleMain'.",
        '> Checkstyle rule violations were found. See the report at: file:///w/build/reports/checkstyle/main.html',
      ],
      'lint',
    ],
    ['rspec', ['Finished in 0.01 seconds', '3 examples, 1 failure'], 'test'],
    [
      'apt noise only, then tests',
      [
        'Building dependency tree...',
        'could result in out of memory errors',
        'test-tls-connect ... ok',
        'FAIL: test_total (tests.test_calc.T)',
        'FAILED (failures=1)',
      ],
      'test',
    ],
  ])('%s', (_, lines, category) => {
    expect(analyze(lines as string[]).category).toBe(category);
  });
});

describe('signatures', () => {
  const run = (stamp: string, tmp: string, pid: number, ms: number): string[] => [
    `${stamp} ##[group]Run ./run-e2e.sh`,
    `${stamp} worker ${pid} listening on 127.0.0.1:${40000 + pid}`,
    `${stamp} ${tmp}/e2e/flow.spec: checkout flow did not reach the thank-you page after ${ms}ms`,
    `${stamp} ##[error]Process completed with exit code 1.`,
  ];

  it('stay the same across reruns of one failure, with a pattern or without one', () => {
    const a = analyze(run('2026-01-01T10:00:00.0000000Z', '/tmp/tmp.a81x', 4121, 5012));
    const b = analyze(run('2026-03-04T11:22:33.1234567Z', '/tmp/tmp.Zq02', 977, 5230));
    expect(a.category).not.toBe('unknown');
    expect(a.signature).toBe(b.signature);
    const t1 = analyze([
      "/home/runner/work/a/a/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    const t2 = analyze([
      "/builds/acme/a/src/x.ts(9,1): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(t1.signature).toBe(t2.signature);
  });

  it('differ for different failures', () => {
    const a = analyze(gha('npm test', ['selftest: 3 of 12 checks did not hold']));
    const b = analyze(gha('npm test', ['selftest: the fixture directory is missing']));
    expect(a.signature).not.toBe(b.signature);
    expect(analyze(['./main.go:4:2: undefined: foo']).signature).not.toBe(
      analyze(['./main.go:4:2: undefined: bar']).signature,
    );
  });
});

describe("locations are the tool's own errors", () => {
  it('not the log lines of go tests that pass, nor goroutine dumps', () => {
    const d = analyze([
      '=== RUN   TestA',
      '    a_test.go:12: 0 errors reported',
      '--- PASS: TestA (0.00s)',
      '=== RUN   TestB',
      '    b_test.go:30: got 4, want 5',
      '--- FAIL: TestB (0.00s)',
      'goroutine 7 [running]:',
      'testing.tRunner(0xc000007)',
      '\t/usr/lib/go/src/testing/testing.go:1446 +0x10b',
      '\t/w/app/b_test.go:31 +0x1d',
      'FAIL\tx\t0.01s',
    ]);
    expect(d.locations).toEqual([{ file: 'b_test.go', line: 30, column: null }]);
  });

  it("not JVM framework frames, but the failing test's own line", () => {
    const d = analyze([
      'testAdd(com.acme.CalcTest)  Time elapsed: 0.01 sec  <<< FAILURE!',
      'java.lang.AssertionError: expected:<3> but was:<4>',
      '\tat org.junit.Assert.fail(Assert.java:89)',
      '\tat org.junit.Assert.failNotEquals(Assert.java:835)',
      '\tat com.acme.CalcTest.testAdd(CalcTest.java:10)',
      'Tests run: 1, Failures: 1, Errors: 0, Skipped: 0',
    ]);
    // The frame names the file bare; the class's package and the standard test root say where it is.
    expect(d.locations).toEqual([{ file: 'src/test/java/com/acme/CalcTest.java', line: 10, column: null }]);
  });

  it('names the file a formatter, git or pip reports without a column', () => {
    expect(
      analyze([
        'Checking formatting...',
        '[warn] src/a.ts',
        '[warn] Code style issues found in the above file. Run Prettier with --write to fix.',
      ]).locations,
    ).toEqual([{ file: 'src/a.ts', line: 1, column: null }]);
    expect(
      analyze(['Auto-merging app.txt', 'CONFLICT (content): Merge conflict in app.txt']).locations,
    ).toEqual([{ file: 'app.txt', line: 1, column: null }]);
    expect(
      analyze([
        'ERROR: Could not find a version that satisfies the requirement nope==9 (from -r requirements.txt (line 3)) (from versions: none)',
      ]).locations,
    ).toEqual([{ file: 'requirements.txt', line: 3, column: null }]);
  });
});

describe('custom patterns', () => {
  it('still override the defaults', () => {
    const custom = compileCatalogue(
      mergeCatalogue(defaultPatterns(), {
        override: { 'build-error': { category: 'type', priority: 99 } },
        add: [
          {
            id: 'licence-check',
            category: 'config',
            strategy: 'escalate',
            signals: ['is not on the allow list'],
          },
        ],
      }),
    );
    expect(analyzeText(custom, './main.go:4:2: undefined: foo\n')).toMatchObject({
      pattern: 'build-error',
      category: 'type',
    });
    const d = analyzeText(
      custom,
      `${gha('./scripts/check-licences.sh', ['left-pad: licence WTFPL is not on the allow list']).join('\n')}\n`,
    );
    expect(d).toMatchObject({ pattern: 'licence-check', category: 'config' });
  });
});

describe("CI runs that end on the CI's own words", () => {
  it('anchors on a Travis install phase that "failed and exited with 1 during ." and reads its command', () => {
    const d = analyze([
      '$ git clone --depth=50 https://github.com/acme/app.git acme/app',
      '$ ./scripts/bootstrap-deps.sh',
      'fetching vendor bundle',
      'giving up',
      'The command "./scripts/bootstrap-deps.sh" failed and exited with 1 during .',
      '',
      'Your build has been stopped.',
    ]);
    expect(d.evidence?.text).toContain('giving up');
    expect(d.confidence).toBe(STRUCTURAL_CONFIDENCE);
  });

  it("takes the CIs' stalled and overlong jobs for timeouts", () => {
    for (const line of [
      'No output has been received in the last 10m0s, this potentially indicates a stalled build or something wrong with the build itself.',
      'The job exceeded the maximum time limit for jobs, and has been terminated.',
      'ERROR: Job failed: execution took longer than 1h0m0s seconds',
      'Too long with no output (exceeded 10m0s): context deadline exceeded',
      '##[error]The job running on agent Hosted Agent ran longer than the maximum time of 60 minutes.',
    ]) {
      expect(analyze(['$ mvn -B verify', '[INFO] Building shop 1.0', line]).category, line).toBe('timeout');
    }
  });
});

describe('the category a failing command implies', () => {
  it('reads `make check` and `./gradlew check` as tests, `npm ci` as dependencies, and a script in ci/ by its own name', () => {
    expect(categoryOfCommand('make -j2 check')).toBe('test');
    expect(categoryOfCommand('./gradlew check --stacktrace')).toBe('test');
    expect(categoryOfCommand('npm ci')).toBe('dependency');
    expect(categoryOfCommand('bash ci/build.sh')).toBe('build');
    expect(categoryOfCommand('cargo check')).toBe('build');
  });
});

describe('a CI step whose command lists unformatted files', () => {
  it('reads the files terraform fmt -check lists under its GitHub Actions step as format errors, at line 1', () => {
    const d = analyzeText(
      catalogue,
      `${gha('terraform fmt -check -recursive', ['main.tf', 'modules/vpc/variables.tf']).join('\n')}\n`,
    );
    expect(d.category).toBe('format');
    expect(d.locations).toEqual([
      { file: 'main.tf', line: 1, column: null },
      { file: 'modules/vpc/variables.tf', line: 1, column: null },
    ]);
  });
});
