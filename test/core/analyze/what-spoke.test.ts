import { describe, expect, it } from 'vitest';
import { analyzeText, STRUCTURAL_CONFIDENCE } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

const catalogue = compileCatalogue(defaultPatterns());
const analyze = (lines: string[]) => analyzeText(catalogue, `${lines.join('\n')}\n`);

describe('which tool spoke: the command a titled step runs', () => {
  it('reads the command Jenkins traces under a stage named "Test"', () => {
    const d = analyze(['[Pipeline] stage', '[Pipeline] { (Test)', '[Pipeline] sh', '+ ./scripts/fetch-assets.sh',
      'downloading fonts', 'giving up after 3 attempts', '[Pipeline] }', 'ERROR: script returned exit code 3', 'Finished: FAILURE']);
    expect(d).toMatchObject({ pattern: null, confidence: STRUCTURAL_CONFIDENCE });
    expect(d.category).not.toBe('test');
  });

  it('reads the command after Azure\'s "Script contents:" and CircleCI\'s shebang', () => {
    const azure = analyze(['##[section]Starting: Test', 'Script contents:', 'curl -fsS https://cdn.example/app.tgz -o app.tgz',
      '========================== Starting Command Output ===========================', 'giving up', "##[error]Bash exited with code '22'."]);
    expect(azure.category).toBe('network');
    const circle = analyze(['#!/bin/bash -eo pipefail', 'npx eslint src', 'src/a.js', 'done with 2 findings', '', 'Exited with code exit status 1']);
    expect(circle.category).toBe('lint');
  });

  it('does not let a compiler-shaped line overrule the check that failed (go vet)', () => {
    const d = analyze(['$ go vet ./...', '# example.com/shop', './main.go:10:6: second argument to errors.As must be a non-nil pointer',
      'The command "go vet ./..." exited with 1.']);
    expect(d.category).toBe('lint');
    expect(d.locations).toContainEqual({ file: 'main.go', line: 10, column: 6 });
  });
});

describe('a crash names its kind by its exception', () => {
  it('a Python script that needs a missing file is set up wrong, at its innermost own frame', () => {
    const d = analyze(['Traceback (most recent call last):', '  File "/home/runner/work/app/app/scripts/gen.py", line 9, in <module>',
      '    main()', '  File "/home/runner/work/app/app/scripts/gen.py", line 3, in main',
      '    open("config/settings.json")', "FileNotFoundError: [Errno 2] No such file or directory: 'config/settings.json'"]);
    expect(d.category).toBe('config');
    expect(d.locations).toEqual([{ file: 'scripts/gen.py', line: 3, column: null }]);
  });

  it('a Node script that crashes on its own bug is a build failure, not unknown', () => {
    const d = analyze(['/w/scripts/release.js:3', 'console.log(x.bump());', '', 'TypeError: x.bump is not a function',
      '    at Object.<anonymous> (/w/scripts/release.js:3:15)', '', 'Node.js v20.20.2']);
    expect(d.category).toBe('build');
    expect(d.evidence?.text).toContain('TypeError: x.bump is not a function');
  });
});

describe('words of other failures in a test\'s code, name or output are not the cause', () => {
  it('ECONNREFUSED in the echoed source of a failing jest test', () => {
    const d = analyze(['FAIL src/retry.test.js', '  ● gives up after the connection is refused', '',
      '    expect(received).toBe(expected) // Object.is equality', '',
      "      4 |   const fail = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));",
      "    > 5 |   expect(await retry(fail, 2)).toBe('gave up');", '', 'Tests:       1 failed, 1 total']);
    expect(d).toMatchObject({ pattern: 'test-failure', category: 'test' });
  });

  it('Permission denied in pytest\'s captured stdout', () => {
    const d = analyze(['_________ test_check _________', '>       assert check("/etc/app.conf")', 'E       AssertionError: assert False',
      'tests/test_perm.py:6: AssertionError', '----------------------------- Captured stdout call -----------------------------',
      'open /etc/app.conf: Permission denied, retrying as root', '=========== short test summary info ===========',
      'FAILED tests/test_perm.py::test_check - AssertionError: assert False', '========== 1 failed in 0.04s ==========']);
    expect(d).toMatchObject({ pattern: 'test-failure', category: 'test' });
  });

  it('still says network when the test run itself cannot connect', () => {
    const d = analyze(['FAIL src/db.test.js', '  ● connects', '', '    Error: connect ECONNREFUSED 127.0.0.1:5432', '',
      'Tests:       1 failed, 1 total']);
    expect(d.category).toBe('network');
  });
});
