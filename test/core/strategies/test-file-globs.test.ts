import { describe, expect, it } from 'vitest';
import {
  matchesTestGlobs,
  mochaSpecGlobs,
  pytestGlobs,
  scriptTestGlobs,
} from '../../../src/core/strategies/test-file-globs.js';
import { isDevDependency } from '../../../src/core/strategies/plan-node-dependency.js';

describe("the test runner's own test files", () => {
  it.each([
    [{ test: 'mocha tests.js' }, ['tests.js']],
    [{ test: "mocha --timeout 5000 'spec/**/*.spec.js'" }, ['spec/**/*.spec.js']],
    [{ test: 'node --test check.js && eslint .' }, ['check.js']],
    [{ test: 'nyc mocha --require ./setup.js tests.js' }, ['setup.js', 'tests.js']],
    [{ build: 'tsc -p tsconfig.json', test: 'jest' }, []],
  ])('test scripts %j', (scripts, globs) => {
    expect(scriptTestGlobs(scripts)).toEqual(globs);
  });

  it('reads mocha spec from .mocharc (json, yaml) and pytest testpaths/python_files', () => {
    expect(mochaSpecGlobs('{ "spec": ["tests.js", "more/*.js"] }')).toEqual(['tests.js', 'more/*.js']);
    expect(mochaSpecGlobs('spec: tests.js\ntimeout: 2000\n')).toEqual(['tests.js']);
    expect(mochaSpecGlobs('spec:\n  - a.js\n  - b/*.js\n')).toEqual(['a.js', 'b/*.js']);
    expect(pytestGlobs('testpaths = ["checks"]\npython_files = ["check_*.py"]\n')).toEqual([
      'checks/**',
      '**/check_*.py',
    ]);
  });

  it('matches globs the way runners do', () => {
    expect(matchesTestGlobs('tests.js', ['tests.js'])).toBe(true);
    expect(matchesTestGlobs('spec/a/b.spec.js', ['spec/**/*.spec.js'])).toBe(true);
    expect(matchesTestGlobs('src/index.js', ['spec/**/*.spec.js', 'tests.js'])).toBe(false);
    expect(matchesTestGlobs('checks/x.py', ['checks/**'])).toBe(true);
    expect(matchesTestGlobs('pkg/check_a.py', ['**/check_*.py'])).toBe(true);
    expect(matchesTestGlobs('a/t.mjs', ['a/*.{js,mjs}'])).toBe(true);
  });

  it("a module imported only by mocha's tests.js is a devDependency; by index.js a dependency", () => {
    expect(isDevDependency('test', ['tests.js'], ['tests.js'])).toBe(true);
    expect(isDevDependency('test', ['tests.js'])).toBe(false);
    expect(isDevDependency('test', ['tests.js', 'index.js'], ['tests.js'])).toBe(false);
  });
});
