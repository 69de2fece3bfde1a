// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 php: php -l, phpunit, phpcs, composer.
const PV = 'php -v | head -1';
const CENV = {
  COMPOSER_DISABLE_NETWORK: '1',
  COMPOSER_HOME: '/tmp/c/.composer-f2',
  COMPOSER_ALLOW_SUPERUSER: '1',
};
const BOOT =
  "<?php\nspl_autoload_register(function ($c) { $f = __DIR__ . '/src/' . str_replace('App\\\\', '', $c) . '.php'; if (is_file($f)) require $f; });\n";

export const CASES: CorpusCase[] = [
  {
    id: 'php/fresh2-php-lint-unexpected-token',
    tool: 'php 8.2 (php -l)',
    cmd: 'find src -name "*.php" -print0 | xargs -0 -n1 php -l',
    pattern: null,
    category: 'syntax',
    wrapper: 'github-actions',
    steps: [PV, 'composer --version 2>/dev/null'],
    files: {
      'src/Cart.php': `
                <?php
                namespace App;

                final class Cart
                {
                    private array $lines = [];

                    public function add(string $sku, int $qty): void
                    {
                        $this->lines[$sku] = ($this->lines[$sku] ?? 0) + $qty;
                    }

                    public function count(): int
                    {
                        return array_sum($this->lines)
                    }
                }
                `,
      'src/Money.php':
        '<?php\nnamespace App;\n\nfinal class Money\n{\n    public function __construct(public readonly int $cents) {}\n}\n',
    },
    ev: [/PHP Parse error/, /^Errors parsing/],
    locre: /Parse error: .* in (?<f>src\/\S+\.php) on line (?<l>\d+)/,
    note: 'php -l prints "No syntax errors detected" for the good file first; xargs turns php\'s 255 into exit 124, which is not a timeout.',
  },
  {
    id: 'php/fresh2-phpunit-temperature',
    tool: 'phpunit 9.6.7',
    cmd: 'phpunit --bootstrap bootstrap.php tests',
    pattern: null,
    category: 'test',
    wrapper: 'travis',
    steps: [PV, 'phpunit --version'],
    files: {
      'bootstrap.php': BOOT,
      'src/Thermo.php': `
                <?php
                namespace App;

                final class Thermo
                {
                    public static function toF(float $c): float
                    {
                        return $c * 9 / 5 + 23;
                    }

                    public static function parse(string $s): float
                    {
                        if (!is_numeric($s)) {
                            throw new \\InvalidArgumentException("not a number: $s");
                        }
                        return (float) $s;
                    }
                }
                `,
      'tests/ThermoTest.php': `
                <?php
                use App\\Thermo;
                use PHPUnit\\Framework\\TestCase;

                final class ThermoTest extends TestCase
                {
                    public function testFreezing(): void
                    {
                        $this->assertSame(32.0, Thermo::toF(0));
                    }

                    public function testParseErrorOnGarbage(): void
                    {
                        $this->expectException(\\InvalidArgumentException::class);
                        Thermo::parse('warm');
                    }
                }
                `,
    },
    ev: [/^1\) ThermoTest::testFreezing/, /ThermoTest\.php:\d+$/],
    locre: /^\/\S*\/(?<f>tests\/\S+\.php):(?<l>\d+)$/,
    note: 'A passing test is named testParseErrorOnGarbage.',
  },
  {
    id: 'php/fresh2-phpcs-psr12',
    tool: 'phpcs 3.7.1',
    cmd: 'phpcs --standard=PSR12 --report=full src',
    pattern: null,
    category: 'lint',
    wrapper: 'gitlab',
    steps: [PV, 'phpcs --version'],
    files: {
      'src/Mailer.php': `
                <?php
                namespace App;
                class Mailer {
                    public function send($to,$subject) {
                        if($to == null) return false;
                        return mail($to, $subject, '');
                    }
                }
                `,
    },
    ev: [/^FILE: /, /PHPCBF CAN FIX/],
    locs: [1, 2, 3, 4, 5].map((n) => ['src/Mailer.php', n, null]),
    note: 'phpcs full report: a table of LINE | ERROR rows under FILE: <abs path>, no columns; every row is a location (one per line).',
  },
  {
    id: 'php/fresh2-composer-invalid-json',
    tool: 'composer 2.5.5',
    cmd: 'composer validate --no-check-publish',
    pattern: null,
    category: 'config',
    wrapper: 'circleci',
    steps: [PV, 'composer --version 2>/dev/null'],
    env: CENV,
    files: {
      'composer.json': `
                {
                    "name": "acme/ledger",
                    "type": "project",
                    "require": {
                        "php": ">=8.1"
                        "psr/log": "^3.0"
                    }
                }
                `,
    },
    ev: /(Parse error|Expected|is invalid|does not contain valid JSON)/,
    locs: [['composer.json', 5, null]],
    note: 'A missing comma in composer.json: config.',
  },
  {
    id: 'php/fresh2-composer-lock-stale',
    tool: 'composer 2.5.5',
    cmd: 'composer install --no-interaction --no-progress',
    pattern: null,
    category: 'lockfile',
    wrapper: 'jenkins',
    steps: [PV, 'composer --version 2>/dev/null'],
    env: CENV,
    phase: 'install',
    files: {
      'composer.json':
        '{\n    "name": "acme/api",\n    "require": {\n        "php": ">=8.1",\n        "psr/log": "^3.0"\n    }\n}\n',
      'composer.lock':
        '{"_readme":["This file locks the dependencies of your project to a known state"],"content-hash":"5f1c0c1a2b3d4e5f","packages":[],"packages-dev":[],"aliases":[],"minimum-stability":"stable","stability-flags":[],"prefer-stable":false,"prefer-lowest":false,"platform":{"php":">=8.1"},"platform-dev":[],"plugin-api-version":"2.3.0"}\n',
    },
    ev: [
      /Warning: The lock file is not up to date/,
      /Required package "psr\/log" is not present in the lock file/,
    ],
    note: 'composer.json requires a package the lock file lacks: lockfile. Composer says "the lock file" without naming composer.lock, so there is no location.',
  },
  {
    id: 'php/fresh2-php-typeerror-script',
    tool: 'php 8.2',
    cmd: 'php bin/report.php',
    pattern: null,
    category: 'type',
    wrapper: 'azure',
    steps: [PV],
    files: {
      'bin/report.php': `
                <?php
                declare(strict_types=1);

                function average(array $xs): float
                {
                    return array_sum($xs) / count($xs);
                }

                function label(float $v): string
                {
                    return sprintf('%.2f', $v);
                }

                $rows = ['4', '5', '6'];
                echo label(average($rows)), PHP_EOL;
                echo str_repeat('=', 10), PHP_EOL;
                echo strlen(average([1, 2])), PHP_EOL;
                `,
    },
    ev: [/PHP Fatal error:\s+Uncaught TypeError/, /thrown in/],
    locs: [['bin/report.php', 17, null]],
    note: 'strict_types: strlen() gets a float: a TypeError at run time (category type). The script printed two lines first.',
  },
  {
    id: 'php/fresh2-phpunit-undefined-method-error',
    tool: 'phpunit 9.6.7',
    cmd: 'phpunit --bootstrap bootstrap.php --testdox tests',
    pattern: null,
    category: 'test',
    wrapper: 'buildkite',
    steps: [PV],
    files: {
      'bootstrap.php': BOOT,
      'src/Basket.php': `
                <?php
                namespace App;

                final class Basket
                {
                    private array $items = [];

                    public function add(string $name): self
                    {
                        $this->items[] = $name;
                        return $this;
                    }

                    public function size(): int
                    {
                        return count($this->items);
                    }
                }
                `,
      'tests/BasketTest.php': `
                <?php
                use App\\Basket;
                use PHPUnit\\Framework\\TestCase;

                final class BasketTest extends TestCase
                {
                    public function testAddCounts(): void
                    {
                        $this->assertSame(2, (new Basket())->add('a')->add('b')->size());
                    }

                    public function testClearEmpties(): void
                    {
                        $b = (new Basket())->add('a');
                        $b->clear();
                        $this->assertSame(0, $b->size());
                    }
                }
                `,
    },
    ev: [/✘ Clear empties/, /BasketTest\.php:\d+$/],
    locs: [['tests/BasketTest.php', 15, null]],
    note: 'A test calls a method the class does not have: PHPUnit reports an Error (not a Failure). Category test: the test run fails on project code.',
  },
];
