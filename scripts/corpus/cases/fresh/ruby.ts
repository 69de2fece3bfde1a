// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const GEMFILE =
  "source 'https://rubygems.org'\n\ngem 'rake'\n\ngroup :test do\n  gem 'rspec', '~> 3.12'\n  gem 'minitest'\nend\n";
const SLUG = `
# frozen_string_literal: true

module Blog
  # Turns titles into URL slugs.
  class Slugger
    def initialize(taken = [])
      @taken = taken
    end

    def slug(title)
      base = title.downcase.strip.gsub(/[^a-z0-9]+/, '-').gsub(/\\A-|-\\z/, '')
      return base unless @taken.include?(base)

      n = 2
      n += 1 while @taken.include?("#{base}-#{n}")
      "#{base}-#{n}"
    end

    def excerpt(body, words: 20)
      body.split.first(words).join(' ')
    end
  end
end
`;
const SPEC = `
# frozen_string_literal: true

require_relative '../lib/blog/slugger'

RSpec.describe Blog::Slugger do
  subject(:slugger) { described_class.new(%w[hello-world hello-world-2]) }

  it 'lower-cases and dashes a title' do
    expect(described_class.new.slug('Ruby 3.2 Released!')).to eq('ruby-3-2-released')
  end

  it 'numbers a taken slug' do
    expect(slugger.slug('Hello, World')).to eq('hello-world-3')
  end

  it 'keeps accents out' do
    expect(described_class.new.slug('Café Crème')).to eq('cafe-creme')
  end

  it 'cuts an excerpt' do
    expect(slugger.excerpt('one two three four', words: 2)).to eq('one two')
  end

  it 'is pending until titles are trimmed of emoji', pending: 'emoji support' do
    expect(described_class.new.slug('Hi 👋')).to eq('hi')
  end
end
`;
const BASE = { Gemfile: GEMFILE, 'lib/blog/slugger.rb': SLUG, 'spec/slugger_spec.rb': SPEC };
const BUNDLE = 'bundle install --local --jobs 2';

export const CASES: CorpusCase[] = [
  {
    id: 'ruby/fresh-rspec-accents',
    tool: 'rspec 3.12',
    cmd: 'bundle exec rspec --format progress',
    steps: ['@ruby', BUNDLE],
    files: BASE,
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ {2}1\) Blog::Slugger keeps accents out/, /^rspec .\/spec\/slugger_spec.rb/],
    locs: [['spec/slugger_spec.rb', 16, null]],
    wrapper: 'travis',
    note: 'the slugger drops accented letters instead of transliterating them (first failure); a pending example that now passes is a second failure (FIXED); location: the failing example line, as the dev batch labels rspec',
  },
  {
    id: 'ruby/fresh-rspec-green-pending',
    tool: 'rspec 3.12',
    cmd: 'bundle exec rspec',
    steps: [BUNDLE],
    files: {
      ...BASE,
      'spec/slugger_spec.rb': SPEC.replaceAll(
        "expect(described_class.new.slug('Café Crème')).to eq('cafe-creme')",
        "expect(described_class.new.slug('Café Crème')).to eq('caf-cr-me')",
      ).replaceAll("eq('hi')", "eq('hi-wave')"),
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'jenkins',
    note: 'green: a pending example prints "Failure/Error" under Pending, which is not a failure',
  },
  {
    id: 'ruby/fresh-rubocop-useless-assignment',
    tool: 'rubocop 1.39',
    cmd: 'rubocop lib',
    steps: ['rubocop --version'],
    files: {
      ...BASE,
      '.rubocop.yml': 'AllCops:\n  NewCops: enable\n  SuggestExtensions: false\n  TargetRubyVersion: 3.1\n',
      'lib/blog/feed.rb': `
                module Blog
                  class Feed
                    def initialize(posts)
                      @posts = posts
                    end

                    def latest(n = 5)
                      sorted = @posts.sort_by { |p| p[:published_at] }.reverse
                      count = @posts.length
                      @posts.sort_by { |p| p[:published_at] }.last(n).reverse
                    end

                    def titles
                      @posts.map { |p| p[:title] }.select { |t| t != nil }
                    end
                  end
                end
                `,
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^Offenses:/, /offenses? detected/],
    locre: /^(?<f>lib\/\S+\.rb):(?<l>\d+):(?<c>\d+): [CWEF]:/,
    wrapper: 'github-actions',
  },
  {
    id: 'ruby/fresh-rake-minitest-fail-and-error',
    tool: 'minitest 5.17 via rake',
    cmd: 'bundle exec rake test',
    steps: [BUNDLE],
    files: {
      ...BASE,
      Rakefile:
        "require 'rake/testtask'\n\nRake::TestTask.new(:test) do |t|\n  t.libs << 'lib' << 'test'\n  t.pattern = 'test/**/*_test.rb'\n  t.warning = false\nend\n\ntask default: :test\n",
      'test/slugger_test.rb': `
                require 'minitest/autorun'
                require 'blog/slugger'

                class SluggerTest < Minitest::Test
                  def setup
                    @s = Blog::Slugger.new(['a-b'])
                  end

                  def test_basic
                    assert_equal 'a-b-2', @s.slug('A B')
                  end

                  def test_excerpt_default
                    assert_equal 20, @s.excerpt('w ' * 30).split.size
                  end

                  def test_nil_title
                    assert_equal '', @s.slug(nil)
                  end

                  def test_trailing_dashes
                    assert_equal 'go', @s.slug('--Go--')
                  end
                end
                `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ {2}1\) (Failure|Error):/, /^\d+ runs, \d+ assertions/],
    locs: [['test/slugger_test.rb', 18, null]],
    wrapper: 'gitlab',
    note: 'slug(nil) raises NoMethodError in the code under test: a test error; rake then aborts',
  },
  {
    id: 'ruby/fresh-bundle-missing-gem',
    tool: 'bundler 2.3.15',
    cmd: BUNDLE,
    steps: ['ruby -v', 'bundle -v'],
    phase: 'install',
    files: { ...BASE, Gemfile: GEMFILE + "\ngem 'sidekiq', '~> 7.2'\n" },
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: [/Could not find gem 'sidekiq/, /Could not find gem 'sidekiq/],
    wrapper: 'travis',
    note: 'a gem the Gemfile adds is not available (installing with --local): dependency; Travis stops in the install phase',
  },
  {
    id: 'ruby/fresh-rspec-nomethod-nil',
    tool: 'rspec 3.12',
    cmd: 'bundle exec rspec spec/feed_spec.rb',
    steps: [BUNDLE],
    files: {
      ...BASE,
      'lib/blog/feed.rb':
        'module Blog\n  class Feed\n    def initialize(posts)\n      @posts = posts\n    end\n\n    def newest_title\n      @posts.max_by { |p| p[:published_at] }[:title].upcase\n    end\n  end\nend\n',
      'spec/feed_spec.rb':
        "require_relative '../lib/blog/feed'\n\nRSpec.describe Blog::Feed do\n  it 'names the newest post' do\n    feed = described_class.new([{ title: 'a', published_at: 1 }, { title: 'b', published_at: 2 }])\n    expect(feed.newest_title).to eq('B')\n  end\n\n  it 'handles an empty feed' do\n    expect(described_class.new([]).newest_title).to be_nil\n  end\nend\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ {2}1\) Blog::Feed handles an empty feed/, /^rspec .\/spec\/feed_spec.rb/],
    locs: [['spec/feed_spec.rb', 9, null]],
    wrapper: 'circleci',
    note: 'NoMethodError on nil inside the code under test: a failing example, not a type error',
  },
  {
    id: 'ruby/fresh-bundle-source-403',
    tool: 'bundler 2.3.15',
    cmd: 'bundle install --jobs 2 --retry 0',
    steps: ['ruby -v'],
    phase: 'install',
    files: { Gemfile: "source 'http://127.0.0.1:8791/403/gems'\n\ngem 'acme-internal-client', '~> 1.2'\n" },
    env: { 'BUNDLE_HTTP___127__0__0__1:8791/403/GEMS': null },
    pattern: 'auth-error',
    category: 'auth',
    ev: [/403|[Aa]uth|[Ff]orbidden|[Bb]ad username/, /403|[Aa]uth|[Ff]orbidden|[Bb]ad username/],
    wrapper: 'travis',
    note: 'the private gem source refuses the request (403): auth; Travis stops in the install phase',
  },
  {
    id: 'ruby/fresh-bundle-frozen-gemfile-changed',
    tool: 'bundler 2.3.15',
    cmd: 'bundle install --local',
    steps: ['ruby -v', 'bundle -v'],
    phase: 'install',
    files: {
      ...BASE,
      'Gemfile.new': GEMFILE.replaceAll("  gem 'minitest'\n", "  gem 'minitest'\n  gem 'rspec-mocks'\n"),
    },
    pre: 'env -u BUNDLE_FROZEN bundle lock --local && mv Gemfile.new Gemfile',
    env: { BUNDLE_FROZEN: 'true' },
    pattern: 'lockfile-mismatch',
    category: 'lockfile',
    ev: [/You are trying to install in deployment mode/, /You have added to the Gemfile|rspec-mocks/],
    wrapper: 'travis',
    note: 'the Gemfile gained a gem but Gemfile.lock was not updated; with BUNDLE_FROZEN bundler refuses: a lockfile mismatch',
  },
];
