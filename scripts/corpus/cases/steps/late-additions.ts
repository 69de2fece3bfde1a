// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase } from '../../generator/corpus-case.js';

// Two more (same session): clang -Werror on warnings no list named, and pytest refusing its
// pyproject.toml.
export const CASES: CorpusCase[] = [
  {
    id: 'steps/clang-werror-other-warnings',
    tool: 'clang 14',
    cmd: 'clang -Wall -Wextra -Wimplicit-fallthrough -Wconversion -Werror -c src/w.c -o /tmp/s-w.o',
    eco: 'c-cpp',
    wrapper: 'circleci',
    steps: ['clang --version'],
    files: {
      'src/w.c':
        '__attribute__((deprecated)) int old(void) { return 1; }\nint f(int x) {\n  switch (x) {\n    case 1: x++;\n    case 2: return x;\n  }\n  long l = 5000000000L; int i = l;\n  return old() + i;\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/error: /, /errors generated/],
    locre: /^(?<f>src\/w\.c):(?<l>\d+):(?<c>\d+): error/,
    note: "warnings made errors by -Werror: a linter's findings, whatever the warning",
  },
  {
    id: 'steps/pytest-pyproject-unparseable',
    tool: 'pytest 7.2',
    cmd: '/usr/bin/python3 -m pytest --version',
    eco: 'python',
    wrapper: 'travis',
    steps: ['/usr/bin/python3 --version'],
    files: {
      'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-q"\ntestpaths = ["tests"\n',
      'tests/test_a.py': 'def test_a():\n    assert True\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: /^ERROR: .*pyproject\.toml/,
    locs: [],
    note: 'pytest cannot read its own config: no test ran',
  },
  {
    id: 'steps/rspec-load-error-syntax',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    eco: 'ruby',
    wrapper: 'gitlab',
    steps: ['ruby -v'],
    files: {
      'lib/cart.rb': 'class Cart\n  def total(items)\n    items.sum\n  end\n',
      'spec/cart_spec.rb':
        'require_relative "../lib/cart"\nRSpec.describe Cart do\n  it("t") { expect(1).to eq(1) }\nend\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/An error occurred while loading/, /syntax error/],
    locs: [['lib/cart.rb', 4, null]],
    note: 'the file under test does not parse, so no example runs; the backtrace under it is its callers',
  },
  {
    id: 'steps/rspec-load-error-name',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    eco: 'ruby',
    wrapper: 'jenkins',
    steps: ['ruby -v'],
    files: {
      'lib/cart.rb': 'class Cart\n  def total(items) = items.sum\nend\n',
      'spec/cart_spec.rb':
        'require_relative "../lib/cart"\nRSpec.describe Carts do\n  it("t") { expect(1).to eq(1) }\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/An error occurred while loading/, /uninitialized constant/],
    locs: [['spec/cart_spec.rb', 2, null]],
    note: "the spec names a class that does not exist: it fails to load; the backtrace's first frame is the place",
  },
];
