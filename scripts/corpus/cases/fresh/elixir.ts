// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const MIXEXS =
  'defmodule Ledger.MixProject do\n  use Mix.Project\n\n  def project do\n    [app: :ledger, version: "0.4.0", elixir: "~> 1.14", start_permanent: false, deps: deps()]\n  end\n\n  def application, do: [extra_applications: [:logger]]\n\n  defp deps, do: []\nend\n';
const LEDGER = `
defmodule Ledger do
  @moduledoc "A tiny double-entry ledger."

  def new, do: %{}

  def post(ledger, account, amount) when is_integer(amount) do
    Map.update(ledger, account, amount, &(&1 + amount))
  end

  def transfer(ledger, from, to, amount) do
    ledger
    |> post(from, -amount)
    |> post(to, amount)
  end

  def balance(ledger, account), do: Map.get(ledger, account, 0)

  def parse_entry(line) do
    [account, amount] = String.split(line, ";")
    {String.trim(account), String.to_integer(String.trim(amount))}
  end
end
`;
const TEST = `
defmodule LedgerTest do
  use ExUnit.Case, async: true

  test "posts to an account" do
    assert Ledger.new() |> Ledger.post("cash", 10) |> Ledger.balance("cash") == 10
  end

  test "transfer moves money" do
    l = Ledger.new() |> Ledger.post("cash", 100) |> Ledger.transfer("cash", "bank", 30)
    assert Ledger.balance(l, "cash") == 70
    assert Ledger.balance(l, "bank") == 30
  end

  test "parses an entry" do
    assert Ledger.parse_entry("rent; 1200") == {"rent", 1200}
  end
end
`;
const BASE = {
  'mix.exs': MIXEXS,
  'lib/ledger.ex': LEDGER,
  'test/ledger_test.exs': TEST,
  'test/test_helper.exs': 'ExUnit.start()\n',
};
const EXLOC = /^ {5}(?<f>test\/\S+\.exs):(?<l>\d+)$/;
const ENV = { MIX_ENV: 'test', HEX_OFFLINE: '1' };

export const CASES: CorpusCase[] = [
  {
    id: 'elixir/fresh-exunit-transfer',
    tool: 'ExUnit (elixir 1.14)',
    cmd: 'mix test',
    env: ENV,
    steps: ['@mix', 'mix compile'],
    files: { ...BASE, 'lib/ledger.ex': LEDGER.replaceAll('|> post(to, amount)', '|> post(to, -amount)') },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ {2}1\) test transfer moves money/, /^\d+ tests?, \d+ failures?/],
    locre: EXLOC,
    wrapper: 'travis',
    note: 'location: the test line ExUnit names, as the dev batch labels ExUnit',
  },
  {
    id: 'elixir/fresh-exunit-matcherror',
    tool: 'ExUnit (elixir 1.14)',
    cmd: 'mix test --trace',
    env: ENV,
    files: {
      ...BASE,
      'test/ledger_test.exs': TEST.replaceAll(
        'assert Ledger.parse_entry("rent; 1200") == {"rent", 1200}',
        'assert Ledger.parse_entry("rent; 1200; monthly") == {"rent", 1200}',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ {2}1\) test parses an entry/, /^\d+ tests?, \d+ failures?/],
    locre: EXLOC,
    wrapper: 'github-actions',
    note: 'a MatchError inside the code under test: the test fails',
  },
  {
    id: 'elixir/fresh-path-dep-missing',
    tool: 'mix 1.14',
    cmd: 'mix compile',
    env: ENV,
    files: {
      ...BASE,
      'mix.exs': MIXEXS.replaceAll(
        'defp deps, do: []',
        'defp deps, do: [{:money_fmt, path: "../money_fmt"}]',
      ),
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/Unchecked dependencies/, /Can't continue|the dependency is not available/],
    wrapper: 'circleci',
    note: 'a path dependency that is not checked out on CI: dependency',
  },
];
