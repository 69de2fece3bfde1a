// The first batch's elixir cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const MIX = {
  'mix.exs':
    'defmodule Shop.MixProject do\n  use Mix.Project\n\n  def project do\n    [app: :shop, version: "0.1.0", elixir: "~> 1.14", deps: deps()]\n  end\n\n  def application, do: [extra_applications: [:logger]]\n\n  defp deps, do: []\nend\n',
  '.formatter.exs': '[inputs: ["lib/**/*.ex"]]\n',
  'lib/shop.ex': 'defmodule Shop do\n  def total(prices), do: Enum.sum(prices) - 1\nend\n',
  'test/test_helper.exs': 'ExUnit.start()\n',
};
const ENV = { MIX_HOME: '/tmp/c/.mix', HEX_OFFLINE: '1', MIX_ENV: 'test' };

function ex(
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
    tool: 'elixir 1.14.0 / mix',
    cmd,
    files: { ...MIX, ...files },
    pattern,
    category,
    ev,
    env: ENV,
    timeout: 180,
    ...kw,
  };
}

export const CASES: CorpusCase[] = [
  ex(
    'elixir/exunit-failure',
    {
      'test/shop_test.exs':
        'defmodule ShopTest do\n  use ExUnit.Case\n\n  test "sums prices" do\n    assert Shop.total([2, 3]) == 5\n  end\n\n  test "tls connect name only" do\n    assert true\n  end\nend\n',
    },
    'mix test',
    'test-failure',
    'test',
    [/^\s+1\) test sums prices/, /test\/shop_test.exs:\d+/],
    { locs: [['test/shop_test.exs', 4, null]], wrapper: 'ci' },
  ),
  ex(
    'elixir/compile-undefined-function',
    {
      'lib/util.ex': 'defmodule Util do\n  def f, do: Shop.missing(1)\n  def g, do: undefined_local()\nend\n',
    },
    'mix compile --warnings-as-errors',
    'build-error',
    'build',
    /error|undefined function/,
    { locs: [['lib/util.ex', 3, null]], wrapper: 'ci' },
  ),
  ex(
    'elixir/compile-syntax',
    { 'lib/util.ex': 'defmodule Util do\n  def f(x) do\n    x +\n  end\nend\n' },
    'mix compile',
    'syntax-error',
    'syntax',
    /SyntaxError|syntax error|TokenMissingError/,
    { locs: [['lib/util.ex', 4, null]], wrapper: 'raw' },
  ),
  ex(
    'elixir/format-check',
    { 'lib/util.ex': 'defmodule Util do\ndef f(x),do: x+1\nend\n' },
    'mix format --check-formatted',
    'format-error',
    'format',
    /mix format failed|not formatted|lib\/util.ex/,
    {
      wrapper: 'ci',
      locs: [['lib/util.ex', 1, null]],
      note: 'mix names the unformatted file: a file-level place (line 1), as the conventions say (label added 2026-11-25)',
    },
  ),
  ex(
    'elixir/deps-missing',
    { 'mix.exs': MIX['mix.exs']!.replaceAll('defp deps, do: []', 'defp deps, do: [{:jason, "~> 1.4"}]') },
    'mix test',
    'import-not-found',
    'dependency',
    /Unchecked dependencies|jason|mix deps.get/,
    { wrapper: 'ci' },
  ),
  ex(
    'elixir/exunit-raise',
    {
      'test/shop_test.exs':
        'defmodule ShopTest do\n  use ExUnit.Case\n\n  test "empty" do\n    assert Shop.total(nil) == 0\n  end\nend\n',
    },
    'mix test',
    'test-failure',
    'test',
    [/^\s+1\) test empty/, /test\/shop_test.exs:\d+/],
    { locs: [['test/shop_test.exs', 4, null]], wrapper: 'ci', held: true },
  ),
];

CASES.push(
  ex(
    'elixir/exunit-two-failures',
    {
      'test/shop_test.exs':
        'defmodule ShopTest do\n  use ExUnit.Case\n\n  test "one" do\n    assert Shop.total([1]) == 1\n  end\n\n  test "none" do\n    assert Shop.total([]) == 0\n  end\nend\n',
    },
    'mix test',
    'test-failure',
    'test',
    [/^\s+1\) test/, /test\/shop_test.exs:\d+/],
    {
      locs: [
        ['test/shop_test.exs', 4, null],
        ['test/shop_test.exs', 8, null],
      ],
      wrapper: 'ci',
      held: true,
    },
  ),
  ex(
    'elixir/compile-warnings-as-errors',
    { 'lib/util.ex': 'defmodule Util do\n  def f(x) do\n    y = 1\n    x\n  end\nend\n' },
    'mix compile --warnings-as-errors --force',
    'lint-error',
    'lint',
    /warning|Compilation failed/,
    { locs: [['lib/util.ex', 3, null]], wrapper: 'raw', note: 'an unused variable warning made an error' },
  ),
);
