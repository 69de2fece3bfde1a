// The `more` dev batch: elixir cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const MIX =
  'defmodule Shop.MixProject do\n  use Mix.Project\n  def project, do: [app: :shop, version: "0.1.0", elixir: "~> 1.14", deps: []]\nend\n';
const ENV = { MIX_HOME: '/tmp/i12-mix', HEX_OFFLINE: '1', HOME: '/root' };

export const CASES: CorpusCase[] = [
  {
    id: 'elixir/more-exunit-assert-raise',
    tool: 'mix test (elixir 1.14)',
    cmd: 'mix test',
    env: ENV,
    files: {
      'mix.exs': MIX,
      'lib/shop.ex': 'defmodule Shop do\n  def div(a, b), do: a / b\nend\n',
      'test/test_helper.exs': 'ExUnit.start()\n',
      'test/shop_test.exs':
        'defmodule ShopTest do\n  use ExUnit.Case\n\n  test "div by zero raises" do\n    assert_raise RuntimeError, fn -> Shop.div(1, 0) end\n  end\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^\s+1\) test/, /tests?, 1 failure/],
    locs: [['test/shop_test.exs', 4, null]],
    wrapper: 'ci',
    note: 'location: the test ExUnit names (test/shop_test.exs:4), as the first batch labels ExUnit',
  },
  {
    id: 'elixir/more-compile-undefined-module',
    tool: 'mix compile (elixir 1.14)',
    cmd: 'mix compile --warnings-as-errors',
    env: ENV,
    files: { 'mix.exs': MIX, 'lib/shop.ex': 'defmodule Shop do\n  def now, do: Clock.utc()\nend\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/warning:/, /Compilation failed|warnings-as-errors/],
    locs: [['lib/shop.ex', 2, null]],
    wrapper: 'ci',
    note: 'an undefined module is a warning in Elixir 1.14; --warnings-as-errors fails on it: lint, as the dev compile-warnings-as-errors case',
  },
  {
    id: 'elixir/more-format-check',
    tool: 'mix format (elixir 1.14)',
    cmd: 'mix format --check-formatted',
    env: ENV,
    files: {
      'mix.exs': MIX,
      '.formatter.exs': '[inputs: ["{mix,.formatter}.exs", "{lib,test}/**/*.{ex,exs}"]]\n',
      'lib/shop.ex': 'defmodule Shop do\n  def a( x ),do: x\nend\n',
    },
    pattern: 'format-error',
    category: 'format',
    ev: [/mix format failed|The following files are not formatted/, /lib\/shop\.ex/],
    locs: [['lib/shop.ex', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'elixir/more-compile-missing-end',
    tool: 'mix compile (elixir 1.14)',
    cmd: 'mix compile',
    env: ENV,
    files: { 'mix.exs': MIX, 'lib/shop.ex': 'defmodule Shop do\n  def a(x) do\n    x\nend\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/\*\* \(\w*Error\)|error:/, /missing terminator|unexpected/],
    locs: [['lib/shop.ex', 5, 1]],
    wrapper: 'ci',
  },
];
