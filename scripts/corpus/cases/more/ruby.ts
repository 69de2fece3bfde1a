// The `more` dev batch: ruby cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'ruby/more-rspec-two-failures',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    files: {
      'lib/price.rb': 'class Price\n  def self.with_tax(c) = c * 1.1\n  def self.round(c) = c.floor\nend\n',
      'spec/price_spec.rb':
        'require_relative "../lib/price"\n\nRSpec.describe Price do\n  it "adds tax" do\n    expect(Price.with_tax(100)).to eq(120)\n  end\n\n  it "rounds" do\n    expect(Price.round(1.5)).to eq(2)\n  end\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Failures:/, /rspec \.\/spec/],
    locs: [
      ['spec/price_spec.rb', 4, null],
      ['spec/price_spec.rb', 8, null],
    ],
    wrapper: 'ci',
    note: 'locations: the failing examples (rspec ./spec/price_spec.rb:4), as the first batch labels rspec',
  },
  {
    id: 'ruby/more-rubocop-emacs',
    tool: 'rubocop 1.39',
    cmd: 'rubocop --format emacs lib',
    files: {
      'lib/svc.rb':
        'class Svc\n  def call(x)\n    if x == nil then return 1 end\n    y = 2\n    return x\n  end\nend\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^\/?\S*lib\/svc\.rb:\d+:\d+: /,
    locre: /^(?:\S*\/)?(?<f>lib\/svc\.rb):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'ci',
  },
  {
    id: 'ruby/more-rake-unknown-task',
    tool: 'rake 13.0.6',
    cmd: 'rake spec',
    files: { Rakefile: 'task :build do\n  puts "build"\nend\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [/rake aborted/, /Don't know how to build task/],
    wrapper: 'ci',
  },
  {
    id: 'ruby/more-nameerror-script',
    tool: 'ruby 3.1',
    cmd: 'ruby bin/deploy.rb',
    files: { 'bin/deploy.rb': 'def deploy\n  targets.each { |t| puts t }\nend\n\ndeploy\n' },
    pattern: null,
    category: 'build',
    ev: [/undefined local variable/, /undefined local variable/],
    locs: [['bin/deploy.rb', 2, null]],
    wrapper: 'ci',
    note: 'a script crashes on an undefined name: a bug in the script, build',
  },
  {
    id: 'ruby/more-minitest-assert-equal',
    tool: 'minitest 5.17',
    cmd: 'ruby -Ilib -Itest test/tax_test.rb',
    files: {
      'lib/tax.rb': 'module Tax\n  def self.rate = 19\nend\n',
      'test/tax_test.rb':
        'require "minitest/autorun"\nrequire "tax"\n\nclass TaxTest < Minitest::Test\n  def test_rate\n    assert_equal 20, Tax.rate\n  end\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Failure:/, /runs, .* failures/],
    locs: [['test/tax_test.rb', 6, null]],
    wrapper: 'ci',
  },
  {
    id: 'ruby/more-ruby-syntax-end',
    tool: 'ruby 3.1',
    cmd: 'ruby -c lib/q.rb',
    files: { 'lib/q.rb': 'class Q\n  def push(x)\n    @a << x\n\nend\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /syntax error/,
    locs: [['lib/q.rb', 5, null]],
    wrapper: 'ci',
  },
];
