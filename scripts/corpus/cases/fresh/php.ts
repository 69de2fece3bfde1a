// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const CART = `<?php

declare(strict_types=1);

namespace Acme\\Shop;

final class Cart
{
    /** @var array<string, array{price: int, qty: int}> */
    private array $lines = [];

    public function add(string $sku, int $price, int $qty = 1): void
    {
        if (isset($this->lines[$sku])) {
            $this->lines[$sku]['qty'] += $qty;
            return;
        }
        $this->lines[$sku] = ['price' => $price, 'qty' => $qty];
    }

    public function remove(string $sku): void
    {
        unset($this->lines[$sku]);
    }

    public function total(): int
    {
        $sum = 0;
        foreach ($this->lines as $line) {
            $sum += $line['price'] * $line['qty'];
        }
        return $sum;
    }

    /** @return list<string> */
    public function skus(): array
    {
        return array_keys($this->lines);
    }
}
`;
const TEST = `<?php

declare(strict_types=1);

use Acme\\Shop\\Cart;
use PHPUnit\\Framework\\TestCase;

final class CartTest extends TestCase
{
    public function testAddsLines(): void
    {
        $c = new Cart();
        $c->add('A', 250, 2);
        $c->add('B', 100);
        $this->assertSame(600, $c->total());
    }

    public function testMergesSameSku(): void
    {
        $c = new Cart();
        $c->add('A', 250);
        $c->add('A', 250);
        $this->assertSame(['A'], $c->skus());
        $this->assertSame(500, $c->total());
    }

    public function testRemove(): void
    {
        $c = new Cart();
        $c->add('A', 250);
        $c->add('B', 100);
        $c->remove('A');
        $this->assertSame(['B'], $c->skus());
    }
}
`;
const XML =
  '<?xml version="1.0"?>\n<phpunit bootstrap="tests/bootstrap.php" colors="false">\n  <testsuites>\n    <testsuite name="unit">\n      <directory>tests</directory>\n    </testsuite>\n  </testsuites>\n</phpunit>\n';
const BOOT =
  "<?php\n\nspl_autoload_register(function (string $class): void {\n    $file = __DIR__ . '/../src/' . str_replace(['Acme\\\\Shop\\\\', '\\\\'], ['', '/'], $class) . '.php';\n    if (is_file($file)) {\n        require $file;\n    }\n});\n";
const BASE = {
  'src/Cart.php': CART,
  'tests/CartTest.php': TEST,
  'phpunit.xml': XML,
  'tests/bootstrap.php': BOOT,
};

export const CASES: CorpusCase[] = [
  {
    id: 'php/fresh-phpunit-merge-sku',
    tool: 'phpunit 9.6',
    cmd: 'phpunit',
    steps: ['@php'],
    files: {
      ...BASE,
      'src/Cart.php': CART.replaceAll(
        "$this->lines[$sku]['qty'] += $qty;\n            return;",
        "$this->lines[$sku]['qty'] += $qty;",
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^1\) CartTest::testMergesSameSku/, /^Tests: \d+, Assertions/],
    locs: [['tests/CartTest.php', 24, null]],
    wrapper: 'travis',
    note: 'the early return was dropped: the merged line is overwritten; 2 of 3 tests pass',
  },
  {
    id: 'php/fresh-phpcs-psr12-controller',
    tool: 'phpcs 3.7',
    cmd: 'phpcs --standard=PSR12 --report=full src',
    steps: ['phpcs --version'],
    files: {
      ...BASE,
      'src/Controller.php':
        "<?php\nnamespace Acme\\Shop;\nuse Acme\\Shop\\Cart;\nclass Controller {\n    private $cart;\n    public function __construct(Cart $cart){\n        $this->cart=$cart;\n    }\n    public function show() : array\n    {\n        if($this->cart->total()>0) return ['total'=>$this->cart->total()];\n        return array();\n    }\n}\n",
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^FILE: /, /^Time: |PHPCBF CAN FIX/],
    locs: [1, 2, 3, 4, 6, 7, 9, 11].map((n) => ['src/Controller.php', n, null]),
    wrapper: 'github-actions',
    note: 'phpcs full report prints the file once and then line numbers in a table; labelled as one location per reported line, like the dev batch',
  },
  {
    id: 'php/fresh-php-lint-loop',
    tool: 'php -l 8.2',
    cmd: 'for f in $(find src -name \'*.php\' | sort); do php -l "$f" < /dev/null || exit 1; done',
    files: {
      ...BASE,
      'src/Price.php':
        "<?php\n\nnamespace Acme\\Shop;\n\nfinal class Price\n{\n    public static function format(int $cents): string\n    {\n        return sprintf('%d.%02d', intdiv($cents, 100), $cents % 100)\n    }\n}\n",
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/PHP Parse error|Parse error/, /Errors parsing/],
    locs: [['src/Price.php', 10, null]],
    wrapper: 'travis',
  },
  {
    id: 'php/fresh-composer-unresolvable',
    tool: 'composer 2.5',
    cmd: 'composer install --no-interaction --no-progress',
    steps: ['composer --version'],
    phase: 'install',
    files: {
      ...BASE,
      'composer.json':
        '{\n    "name": "acme/shop",\n    "require": {\n        "php": "^8.1",\n        "acme/money": "^2.0"\n    },\n    "repositories": [\n        {"type": "path", "url": "packages/money"},\n        {"packagist.org": false}\n    ],\n    "autoload": {"psr-4": {"Acme\\\\Shop\\\\": "src/"}}\n}\n',
      'packages/money/composer.json':
        '{\n    "name": "acme/money",\n    "version": "1.4.0",\n    "autoload": {"psr-4": {"Acme\\\\Money\\\\": "src/"}}\n}\n',
    },
    env: { COMPOSER_HOME: '/tmp/fr/composer-home', COMPOSER_CACHE_DIR: '/tmp/fr/composer-cache' },
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: [/Your requirements could not be resolved/, /but it does not match the constraint|found acme\/money/],
    wrapper: 'jenkins',
    note: 'only acme/money 1.4.0 exists and the project requires ^2.0: a dependency conflict',
  },
  {
    id: 'php/fresh-phpunit-typeerror',
    tool: 'phpunit 9.6',
    cmd: 'phpunit --testdox',
    files: {
      ...BASE,
      'tests/CartTest.php': TEST.replaceAll(
        "$c->add('B', 100);\n        $this->assertSame(600",
        "$c->add('B', '1.00');\n        $this->assertSame(600",
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/✘ Adds lines/, /^Tests: \d+, Assertions/],
    locs: [['tests/CartTest.php', 14, null]],
    wrapper: 'circleci',
    note: 'strict_types TypeError raised when the test passes a string price: the test errors; test, not type (the code is not what is wrong, the test call is)',
  },
  {
    id: 'php/fresh-composer-429',
    tool: 'composer 2.5',
    cmd: 'composer update --no-interaction --no-progress',
    files: {
      'composer.json':
        '{\n    "name": "acme/shop",\n    "require": {"acme/money": "^2.0"},\n    "repositories": [\n        {"type": "composer", "url": "http://127.0.0.1:8791/429/repo"},\n        {"packagist.org": false}\n    ],\n    "config": {"secure-http": false}\n}\n',
    },
    env: {
      COMPOSER_HOME: '/tmp/fr/composer-home',
      COMPOSER_CACHE_DIR: '/tmp/fr/composer-cache',
      COMPOSER_MAX_PARALLEL_HTTP: '1',
    },
    pre: 'rm -rf /tmp/fr/composer-cache',
    pattern: 'rate-limited',
    category: 'network',
    ev: [/could not be downlo/, /429 Too Many Requests/],
    wrapper: 'github-actions',
    note: 'the private package repository answers 429 Too Many Requests',
  },
  {
    id: 'php/fresh-phpunit-green-deprecation',
    tool: 'phpunit 9.6',
    cmd: 'phpunit',
    files: {
      ...BASE,
      'tests/LegacyTest.php':
        "<?php\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class LegacyTest extends TestCase\n{\n    public function testStrftimeStillWorks(): void\n    {\n        $this->assertIsString(@strftime('%Y'));\n        trigger_error('legacy date helper is deprecated', E_USER_DEPRECATED);\n    }\n}\n",
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'gitlab',
    note: 'green apart from a deprecation phpunit reports (OK, but there were issues?)',
  },
];
