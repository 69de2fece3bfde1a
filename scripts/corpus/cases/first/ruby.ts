// The first batch's ruby cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const LIB = {
  'lib/cart.rb':
    'class Cart\n  def initialize(items)\n    @items = items\n  end\n\n  def total\n    @items.sum { |i| i[:price] } - 1\n  end\nend\n',
};
const RS = 'rspec --no-color';
const SPEC =
  "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'sums prices' do\n    expect(Cart.new([{ price: 2 }, { price: 3 }]).total).to eq(5)\n  end\n\n  it 'handles tls connect retries in the name only' do\n    expect(1).to eq(1)\n  end\nend\n";
const RUBOCOP = /^(?<f>[\w/.-]+\.rb):(?<l>\d+):(?<c>\d+): [CWEF]: /;

function rb(
  id: string,
  files: Files,
  cmd: string,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { tool = 'ruby 3.1.2 / rspec 3.12', ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return { id, tool, cmd, files: { ...LIB, ...files }, pattern, category, ev, ...kw };
}

export const CASES: CorpusCase[] = [
  rb(
    'ruby/rspec-failure',
    { 'spec/cart_spec.rb': SPEC },
    RS,
    'test-failure',
    'test',
    [/^ {2}1\) Cart sums prices/, /# \.\/spec\/cart_spec.rb:5/],
    {
      locs: [['spec/cart_spec.rb', 4, null]],
      wrapper: 'ci',
      note: 'location: the failing example (rspec ./spec/cart_spec.rb:4); trap: a passing example names tls connect',
    },
  ),
  rb(
    'ruby/rspec-nomethod-in-example',
    {
      'spec/cart_spec.rb':
        "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'counts items' do\n    expect(Cart.new([]).count).to eq(0)\n  end\nend\n",
    },
    RS,
    'test-failure',
    'test',
    [/^ {2}1\) Cart counts items/, /# \.\/spec\/cart_spec.rb:5/],
    {
      locs: [['spec/cart_spec.rb', 4, null]],
      wrapper: 'ci',
      note: 'NoMethodError raised inside an example: a test failure',
    },
  ),
  rb(
    'ruby/rspec-load-error',
    {
      'spec/cart_spec.rb':
        "require 'webmock/rspec'\nrequire_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it('x') { expect(1).to eq 1 }\nend\n",
    },
    RS,
    'import-not-found',
    'dependency',
    [/An error occurred while loading/, /LoadError|cannot load such file/],
    { locs: [['spec/cart_spec.rb', 1, null]], wrapper: 'raw' },
  ),
  rb(
    'ruby/rspec-syntax-error',
    {
      'spec/cart_spec.rb':
        "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'x' do\n    expect(1).to eq(1\n  end\nend\n",
    },
    RS,
    'syntax-error',
    'syntax',
    [/An error occurred while loading/, /syntax error|SyntaxError/],
    { locs: [['spec/cart_spec.rb', 6, null]], wrapper: 'ci' },
  ),
  rb(
    'ruby/rspec-pending-fixed',
    {
      'spec/cart_spec.rb':
        "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'is pending but passes' do\n    pending 'bug 12'\n    expect(1).to eq(1)\n  end\nend\n",
    },
    RS,
    'test-failure',
    'test',
    [/^ {2}1\) Cart is pending/, /Expected pending/],
    { locs: [['spec/cart_spec.rb', 4, null]], wrapper: 'ci', held: true },
  ),
  rb(
    'ruby/minitest-failure',
    {
      'test/cart_test.rb':
        "require 'minitest/autorun'\nrequire_relative '../lib/cart'\n\nclass CartTest < Minitest::Test\n  def test_total\n    assert_equal 5, Cart.new([{ price: 2 }, { price: 3 }]).total\n  end\nend\n",
    },
    'ruby -Ilib test/cart_test.rb',
    'test-failure',
    'test',
    [/^ {2}1\) Failure:/, /Actual: /],
    { locs: [['test/cart_test.rb', 6, null]], wrapper: 'ci', tool: 'ruby 3.1.2 / minitest 5.17' },
  ),
  rb(
    'ruby/minitest-error',
    {
      'test/cart_test.rb':
        "require 'minitest/autorun'\nrequire_relative '../lib/cart'\n\nclass CartTest < Minitest::Test\n  def test_empty\n    assert_equal 0, Cart.new(nil).total\n  end\nend\n",
    },
    'ruby -Ilib test/cart_test.rb',
    'test-failure',
    'test',
    [/^ {2}1\) Error:/, /NoMethodError|lib\/cart.rb/],
    {
      locs: [['lib/cart.rb', 7, null]],
      wrapper: 'raw',
      tool: 'ruby 3.1.2 / minitest 5.17',
      note: 'minitest Error (exception in the code under test): test failure',
    },
  ),
  rb(
    'ruby/rake-test-failure',
    {
      Rakefile:
        "require 'rake/testtask'\nRake::TestTask.new(:test) { |t| t.pattern = 'test/*_test.rb' }\ntask default: :test\n",
      'test/cart_test.rb':
        "require 'minitest/autorun'\nrequire_relative '../lib/cart'\n\nclass CartTest < Minitest::Test\n  def test_one\n    assert_equal 3, Cart.new([{ price: 3 }]).total\n  end\nend\n",
    },
    'rake test',
    'test-failure',
    'test',
    [/^ {2}1\) Failure:/, /Actual: /],
    {
      locs: [['test/cart_test.rb', 6, null]],
      wrapper: 'ci',
      tool: 'rake 13.0.6 / minitest 5.17',
      held: true,
    },
  ),
  rb(
    'ruby/rubocop-offenses',
    {
      'app/user.rb':
        'class User\n  def initialize(name)\n    @name=name\n  end\n  def greet()\n    return "hi #{@name}"\n  end\nend\n',
    },
    'rubocop --no-color --format emacs app',
    'lint-error',
    'lint',
    RUBOCOP,
    { locre: RUBOCOP, wrapper: 'ci', tool: 'rubocop 1.39.0' },
  ),
  rb(
    'ruby/rubocop-default-format',
    { 'app/order.rb': 'def total(items)\n  items.map { |i| i[:p] }.inject(0) { |s,x| s+x }\nend\n' },
    'rubocop --no-color app',
    'lint-error',
    'lint',
    [/^Offenses:/, /offenses? detected/],
    { locre: /^(?<f>app\/\S+\.rb):(?<l>\d+):(?<c>\d+): [CWEF]: /, wrapper: 'raw', tool: 'rubocop 1.39.0' },
  ),
  rb(
    'ruby/rubocop-syntax',
    { 'app/bad.rb': 'def f(\n  1\nend\n' },
    'rubocop --no-color --format emacs app',
    'syntax-error',
    'syntax',
    RUBOCOP,
    { locre: RUBOCOP, wrapper: 'ci', tool: 'rubocop 1.39.0', held: true },
  ),
  rb(
    'ruby/bundler-missing-gem',
    { Gemfile: "source 'https://rubygems.org'\ngem 'rails', '7.1.0'\n" },
    'bundle install --local',
    'dependency-conflict',
    'dependency',
    /Could not find|not found in|locally installed/,
    {
      wrapper: 'ci',
      tool: 'bundler 2.3.15',
      note: 'the gem is not available (no network to rubygems.org here; --local)',
    },
  ),
  rb(
    'ruby/bundler-network',
    { Gemfile: "source 'http://127.0.0.1:9'\ngem 'rack'\n" },
    'bundle install',
    'network-error',
    'network',
    /Could not fetch|Connection refused|Could not reach|Retrying|connection refused/,
    { wrapper: 'ci', tool: 'bundler 2.3.15', timeout: 90 },
  ),
  rb(
    'ruby/ruby-syntax',
    { 'bin/run.rb': "puts 'start'\nif ARGV.empty?\n  puts 'none'\n" },
    'ruby -c bin/run.rb',
    'syntax-error',
    'syntax',
    /syntax error|bin\/run.rb/,
    { locs: [['bin/run.rb', 3, null]], wrapper: 'raw', tool: 'ruby 3.1.2' },
  ),
];

CASES.push(
  rb(
    'ruby/rspec-two-failures',
    {
      'spec/cart_spec.rb':
        "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'sums one' do\n    expect(Cart.new([{ price: 1 }]).total).to eq(1)\n  end\n\n  it 'sums none' do\n    expect(Cart.new([]).total).to be_zero\n  end\nend\n",
    },
    RS,
    'test-failure',
    'test',
    [/^ {2}1\) Cart sums one/, /# \.\/spec\/cart_spec.rb:9/],
    {
      locs: [
        ['spec/cart_spec.rb', 4, null],
        ['spec/cart_spec.rb', 8, null],
      ],
      wrapper: 'ci',
      held: true,
    },
  ),
  rb(
    'ruby/rspec-let-undefined',
    {
      'spec/cart_spec.rb':
        "require_relative '../lib/cart'\n\nRSpec.describe Cart do\n  it 'uses a helper' do\n    expect(cart.total).to eq(0)\n  end\nend\n",
    },
    RS,
    'test-failure',
    'test',
    [/^ {2}1\) Cart uses a helper/, /# \.\/spec\/cart_spec.rb:5/],
    { locs: [['spec/cart_spec.rb', 4, null]], wrapper: 'raw' },
  ),
  rb(
    'ruby/minitest-skip-and-fail',
    {
      'test/cart_test.rb':
        "require 'minitest/autorun'\nrequire_relative '../lib/cart'\n\nclass CartTest < Minitest::Test\n  def test_tls_connect_skipped\n    skip 'needs network'\n  end\n\n  def test_two\n    assert_equal 4, Cart.new([{ price: 2 }, { price: 2 }]).total\n  end\nend\n",
    },
    'ruby -Ilib test/cart_test.rb',
    'test-failure',
    'test',
    [/^ {2}1\) Failure:/, /Actual: /],
    { locs: [['test/cart_test.rb', 10, null]], wrapper: 'ci', tool: 'ruby 3.1.2 / minitest 5.17' },
  ),
  rb(
    'ruby/rubocop-autocorrectable',
    { 'lib/price.rb': 'def price(x)\n    x*2\nend\n' },
    'rubocop --no-color --format emacs lib/price.rb',
    'lint-error',
    'lint',
    RUBOCOP,
    { locre: RUBOCOP, wrapper: 'ci', tool: 'rubocop 1.39.0' },
  ),
  rb(
    'ruby/ruby-nameerror-script',
    { 'bin/seed.rb': "require_relative '../lib/cart'\nputs Cart.new([]).total\nputs Order.count\n" },
    'ruby bin/seed.rb',
    null,
    'build',
    /uninitialized constant|bin\/seed.rb:3/,
    {
      locs: [['bin/seed.rb', 3, null]],
      wrapper: 'raw',
      tool: 'ruby 3.1.2',
      held: true,
      note: 'a script crashed on an undefined constant; no catalogue pattern fits, build is what a person says',
    },
  ),
);
