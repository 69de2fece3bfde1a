// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 ruby: rspec, rubocop, ruby -c, minitest, bundler, rake.
const RV = 'ruby -v';
const GV = 'gem list --local rspec rake rubocop';
const GEMFILE = "source 'https://rubygems.org'\n\ngem 'rake', '~> 13.0'\ngem 'rspec', '~> 3.12'\n";
const LOCK = `GEM
  remote: https://rubygems.org/
  specs:
    diff-lcs (1.5.0)
    rake (13.0.6)
    rspec (3.12.0)
      rspec-core (~> 3.12.0)
      rspec-expectations (~> 3.12.0)
      rspec-mocks (~> 3.12.0)
    rspec-core (3.12.0)
      rspec-support (~> 3.12.0)
    rspec-expectations (3.12.0)
      diff-lcs (>= 1.2.0, < 2.0)
      rspec-support (~> 3.12.0)
    rspec-mocks (3.12.0)
      diff-lcs (>= 1.2.0, < 2.0)
      rspec-support (~> 3.12.0)
    rspec-support (3.12.0)

PLATFORMS
  ruby

DEPENDENCIES
  rake (~> 13.0)
  rspec (~> 3.12)

BUNDLED WITH
   2.3.15
`;

export const CASES: CorpusCase[] = [
  {
    id: 'ruby/fresh2-rspec-money-split',
    tool: 'rspec 3.12',
    cmd: 'rspec --format progress',
    pattern: null,
    category: 'test',
    wrapper: 'github-actions',
    steps: [RV, GV],
    files: {
      'lib/splitter.rb': `
                module Billing
                  class Splitter
                    def initialize(total_cents)
                      @total = total_cents
                    end

                    def split(parts)
                      raise ArgumentError, "parts must be positive" if parts <= 0

                      base = @total / parts
                      Array.new(parts, base)
                    end
                  end
                end
                `,
      'spec/splitter_spec.rb': `
                require_relative "../lib/splitter"

                RSpec.describe Billing::Splitter do
                  it "splits evenly" do
                    expect(described_class.new(900).split(3)).to eq([300, 300, 300])
                  end

                  it "raises an error for zero parts" do
                    expect { described_class.new(900).split(0) }.to raise_error(ArgumentError)
                  end

                  it "keeps every cent when the total does not divide" do
                    parts = described_class.new(1000).split(3)
                    expect(parts.sum).to eq(1000)
                  end

                  it "handles timeout-sized totals" do
                    expect(described_class.new(60_000).split(2)).to eq([30_000, 30_000])
                  end
                end
                `,
    },
    ev: [/^\s+1\) Billing::Splitter keeps every cent/, /# \.\/spec\/splitter_spec\.rb:\d+:in/],
    locs: [['spec/splitter_spec.rb', 12, null]],
    note: 'Passing examples mention an error and a timeout. Location: the failing example (rspec ./spec/splitter_spec.rb:12), per the rspec convention.',
  },
  {
    id: 'ruby/fresh2-rubocop-offenses',
    tool: 'rubocop 1.39.0',
    cmd: 'rubocop --format simple lib',
    pattern: null,
    category: 'lint',
    wrapper: 'travis',
    steps: [RV, 'rubocop --version'],
    after: ['rspec'],
    files: {
      '.rubocop.yml':
        'AllCops:\n  NewCops: disable\n  SuggestedExtensions: false\n  TargetRubyVersion: 3.1\n',
      'lib/report.rb': `
                # frozen_string_literal: true

                # Builds the nightly report.
                class Report
                  def initialize(rows)
                    @rows = rows
                  end

                  def totals
                    sum = 0
                    @rows.each { |r| sum = sum + r[:amount] }
                    return sum
                  end

                  def title
                    "Report for " + Time.now.strftime('%Y-%m-%d')
                  end
                end
                `,
      'spec/report_spec.rb': `
                require_relative "../lib/report"

                RSpec.describe Report do
                  it "adds amounts" do
                    expect(Report.new([{ amount: 2 }, { amount: 3 }]).totals).to eq(5)
                  end
                end
                `,
    },
    ev: [/^== lib\/report\.rb ==/, /offenses? detected/],
    locs: [
      ['lib/report.rb', 11, 22],
      ['lib/report.rb', 12, 5],
      ['lib/report.rb', 16, 5],
    ],
    note: 'Travis runs rspec after rubocop failed (it passes). rubocop first warns that .rubocop.yml uses a parameter AllCops does not support (a list of supported ones follows), which is noise: the offenses fail the step. simple format puts the file in a header line; all offenses are in lib/report.rb.',
  },
  {
    id: 'ruby/fresh2-ruby-syntax-missing-end',
    tool: 'ruby 3.1.2 (ruby -wc)',
    cmd: 'for f in lib/*.rb; do ruby -wc "$f" || exit 1; done',
    pattern: null,
    category: 'syntax',
    wrapper: 'gitlab',
    steps: [RV],
    files: {
      'lib/a_ok.rb': 'puts "ok"\n',
      'lib/tokenizer.rb': `
                class Tokenizer
                  def initialize(src)
                    @src = src
                  end

                  def tokens
                    @src.split(/\\s+/).map do |t|
                      if t =~ /\\A\\d+\\z/
                        [:int, t.to_i]
                      else
                        [:word, t]
                    end
                  end
                end
                `,
    },
    ev: /syntax error|expecting end/,
    locre: /^(?<f>lib\/\S+\.rb):(?<l>\d+): .*syntax error/,
    note: 'lib/a_ok.rb passes ruby -c ("Syntax OK") before the broken file.',
  },
  {
    id: 'ruby/fresh2-minitest-slug',
    tool: 'minitest 5.17 (ruby 3.1.2)',
    cmd: 'ruby -Ilib -Itest test/slug_test.rb',
    pattern: null,
    category: 'test',
    wrapper: 'jenkins',
    steps: [RV, GV],
    files: {
      'lib/slug.rb': `
                module Slug
                  def self.call(s)
                    s.downcase.gsub(/[^a-z0-9]+/, "-")
                  end
                end
                `,
      'test/slug_test.rb': `
                require "minitest/autorun"
                require "slug"

                class SlugTest < Minitest::Test
                  def test_spaces
                    assert_equal "a-b", Slug.call("A B")
                  end

                  def test_trims_dashes
                    assert_equal "error-page", Slug.call(" Error page! ")
                  end

                  def test_nil_raises_no_method_error
                    assert_raises(NoMethodError) { Slug.call(nil) }
                  end
                end
                `,
    },
    ev: [/^\s+1\) Failure:/, /^\s+Actual:/],
    locs: [['test/slug_test.rb', 10, null]],
    note: 'A passing test is named after NoMethodError; the failure is test_trims_dashes at slug_test.rb:10.',
  },
  {
    id: 'ruby/fresh2-bundle-missing-gem',
    tool: 'bundler 2.3.15',
    cmd: 'bundle install --local',
    pattern: null,
    category: 'dependency',
    wrapper: 'circleci',
    steps: [RV, 'bundle --version'],
    phase: 'install',
    files: { Gemfile: GEMFILE + "gem 'faraday-retry', '~> 2.2'\n" },
    ev: /Could not find gem/,
    note: 'A gem that is not installed locally and cannot be fetched (--local): dependency. No source location.',
  },
  {
    id: 'ruby/fresh2-bundle-frozen-lock-drift',
    tool: 'bundler 2.3.15',
    cmd: 'bundle install --local',
    pattern: null,
    category: 'lockfile',
    wrapper: 'azure',
    steps: [RV, 'bundle --version'],
    phase: 'install',
    env: { BUNDLE_FROZEN: 'true' },
    files: {
      Gemfile: GEMFILE.replaceAll(
        "gem 'rspec', '~> 3.12'",
        "gem 'rspec', '~> 3.12'\ngem 'parallel', '~> 1.22'",
      ),
      'Gemfile.lock': LOCK,
    },
    ev: [/You are trying to install in deployment mode/, /^\* parallel/],
    locs: [['Gemfile.lock', 1, null]],
    note: 'A gem added to the Gemfile without updating Gemfile.lock, installed with BUNDLE_FROZEN: the lock file is stale. Bundler names Gemfile.lock without a line.',
  },
  {
    id: 'ruby/fresh2-rake-unknown-task',
    tool: 'rake 13.0.6',
    cmd: 'rake spec:unit',
    pattern: null,
    category: 'config',
    wrapper: 'buildkite',
    steps: [RV, 'rake --version'],
    files: {
      Rakefile: `
                require "rspec/core/rake_task"

                RSpec::Core::RakeTask.new(:spec)

                namespace :db do
                  desc "Seed the test database"
                  task :seed do
                    puts "seeding"
                  end
                end

                task default: :spec
                `,
      'spec/ok_spec.rb': 'RSpec.describe "ok" do\n  it("works") { expect(1).to eq(1) }\nend\n',
    },
    ev: [/Don't know how to build task/, /\(See full trace/],
    note: 'The CI step calls a rake task the Rakefile does not define: the pipeline config is wrong (config). rake names no file, so there is no location.',
  },
  {
    id: 'ruby/fresh2-rspec-load-error-missing-gem',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    pattern: null,
    category: 'dependency',
    wrapper: 'github-actions',
    steps: [RV],
    files: {
      'lib/geo.rb': `
                require "geocoder_lite"

                module Geo
                  def self.km(a, b) = ((a - b).abs * 111.0).round(1)
                end
                `,
      'lib/units.rb': 'module Units\n  def self.m(km) = km * 1000\nend\n',
      'spec/geo_spec.rb': `
                require_relative "../lib/geo"

                RSpec.describe Geo do
                  it "converts degrees" do
                    expect(Geo.km(1, 2)).to eq(111.0)
                  end
                end
                `,
      'spec/units_spec.rb': `
                require_relative "../lib/units"

                RSpec.describe Units do
                  it "converts km" do
                    expect(Units.m(2)).to eq(2000)
                  end
                end
                `,
    },
    ev: [/An error occurred while loading \.\/spec\/geo_spec\.rb/, /# \.\/spec\/geo_spec\.rb:\d+/],
    locs: [
      ['lib/geo.rb', 1, null],
      ['spec/geo_spec.rb', 1, null],
    ],
    note: 'A spec file fails to load because lib/geo.rb requires a gem that is not installed (LoadError): dependency. rspec then reports "errors occurred outside of examples". Locations: the require in lib/geo.rb and the spec line that loaded it.',
  },
  {
    id: 'ruby/fresh2-green-rspec-pending',
    tool: 'rspec 3.12, rubocop 1.39.0',
    cmd: 'rspec',
    pattern: null,
    category: 'unknown',
    wrapper: 'azure',
    steps: [RV, 'rubocop --format simple lib'],
    files: {
      '.rubocop.yml':
        'AllCops:\n  NewCops: disable\n  TargetRubyVersion: 3.1\nStyle/Documentation:\n  Enabled: false\n',
      'lib/quota.rb':
        "# frozen_string_literal: true\n\n# Tracks usage against a limit.\nclass Quota\n  def initialize(limit)\n    @limit = limit\n    @used = 0\n  end\n\n  def use(amount)\n    raise ArgumentError, 'over quota' if @used + amount > @limit\n\n    @used += amount\n  end\nend\n",
      'spec/quota_spec.rb':
        'require_relative "../lib/quota"\n\nRSpec.describe Quota do\n  it "raises an error over the limit" do\n    q = Quota.new(1)\n    expect { q.use(2) }.to raise_error(ArgumentError, "over quota")\n  end\n\n  it "resets after the timeout window" do\n    pending "window reset not implemented"\n    expect(Quota.new(1).respond_to?(:reset)).to be true\n  end\nend\n',
    },
    note: 'Green: rubocop reports no offenses; rspec lists a pending example whose expectation fails ("Failures listed here are expected and do not affect your suite\'s status").',
  },
];
