// The `more` dev batch: kotlin-scala cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

// Kotlin (Debian kotlinc 1.3.31) and Scala (Debian scalac 2.11.12) dev logs: compile errors, warnings
// made fatal, warnings beside an error, programs that crash at run time, green runs. kotlinc 1.3 prints
// `src/App.kt:3:13: error: …` (gcc's shape) and a JVM warning about -Xverify:none before anything else;
// scalac prints `src/App.scala:3: error: …` (javac's shape) with the source line and a caret under it.
// Gradle 4.4.1 builds Kotlin offline with Debian's kotlin-gradle-plugin from the jars in /usr/share/java
// (the Maven repository route logs thousands of lines of Debian resolver-hook noise); there the compiler
// says `e: /abs/src/A.kt: (4, 12): Type mismatch: …` and `w: …` for warnings. Maven's kotlin-maven-plugin
// 1.3.31 cannot resolve kotlinx-coroutines-core offline from /usr/share/maven-repo, so no Maven case.
const KT = 'kotlinc src -d out';
const KLOC = /^(?<f>[\w/.-]+\.kts?):(?<l>\d+):(?<c>\d+): error:/;
const KWARN = /^(?<f>[\w/.-]+\.kts?):(?<l>\d+):(?<c>\d+): warning:/;
const SC = 'mkdir -p out && scalac -d out src/*.scala';
const SLOC = /^(?<f>[\w/.-]+\.scala):(?<l>\d+): error:/;

function k(
  id: string,
  files: Files,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { tool = 'kotlinc 1.3.31', cmd = KT, setup = 'none', timeout = 240, ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return { id: `jvm/${id}`, tool, cmd, files, pattern, category, ev, eco: 'jvm', setup, timeout, ...kw };
}

function s(
  id: string,
  files: Files,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { tool = 'scalac 2.11.12', cmd = SC, setup = 'none', timeout = 240, ...kw }: Partial<CorpusCase> = {},
): CorpusCase {
  return { id: `jvm/${id}`, tool, cmd, files, pattern, category, ev, eco: 'jvm', setup, timeout, ...kw };
}
const GRADLE = `buildscript {
    dependencies { classpath fileTree(dir: '/usr/share/java', include: ['kotlin-*.jar', 'libtrove*.jar']) }
}
apply plugin: 'kotlin'
configurations.kotlinCompilerPluginClasspath { exclude group: 'org.jetbrains.kotlin', module: 'kotlin-scripting-compiler-embeddable' }
dependencies {
    kotlinCompilerClasspath fileTree(dir: '/usr/share/java', include: ['kotlin-compiler.jar', 'kotlin-stdlib.jar', 'kotlin-script-runtime.jar', 'kotlin-reflect.jar', 'libtrove-intellij*.jar'])
    compile files('/usr/share/java/kotlin-stdlib.jar')
    testCompile files('/usr/share/java/junit4.jar', '/usr/share/java/hamcrest-core.jar')
}
`;

// gradle 4.4's plain console glues the first message to the task's name:
// `:compileKotline: /abs/A.kt: (3, 43): …`.
const GLOC = /^(?::\w+)?e: (?<f>\/\S+\.kts?): \((?<l>\d+), (?<c>\d+)\): /;
const GRADLE_CMD = 'gradle --offline --no-daemon --console=plain build';

function g(
  id: string,
  files: Files,
  pattern: string | null,
  category: string,
  ev: CorpusCase['ev'],
  { gradle = GRADLE, cmd = GRADLE_CMD, ...kw }: Partial<CorpusCase> & { gradle?: string } = {},
): CorpusCase {
  return k(id, { 'build.gradle': gradle, ...files }, pattern, category, ev, {
    tool: 'gradle 4.4.1 / kotlin-gradle-plugin 1.3.31',
    cmd,
    ...kw,
  });
}
const JUNIT = '/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar';
const CART_KT =
  'package shop\n\nclass Cart {\n    private val items = mutableListOf<Int>()\n\n    fun add(cents: Int) {\n        items.add(cents)\n    }\n\n    fun total(): Int = items.sum()\n}\n';
const CART_SC =
  'package shop\n\nclass Cart {\n  private var items = List.empty[Int]\n\n  def add(cents: Int): Unit = {\n    items = cents :: items\n  }\n\n  def total: Int = items.sum\n}\n';

export const CASES: CorpusCase[] = [
  // kotlinc compile errors
  k(
    'kotlinc-unresolved-reference',
    {
      'src/shop/Cart.kt': CART_KT,
      'src/shop/Main.kt':
        'package shop\n\nfun main() {\n    val cart = Cart()\n    cart.add(250)\n    println(cart.totl())\n}\n',
    },
    'build-error',
    'build',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: 'kotlinc cannot resolve a name (a typo): build, as javac cannot find symbol',
    },
  ),
  k(
    'kotlinc-type-mismatch',
    {
      'src/shop/Price.kt':
        'package shop\n\nfun priceInCents(label: String): Int {\n    val cents: Int = label\n    return cents\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    { locre: KLOC, wrapper: 'raw' },
  ),
  k(
    'kotlinc-expecting',
    {
      'src/shop/Order.kt':
        'package shop\n\nfun describe(id: Int, qty: Int): String {\n    return listOf(id, qty.joinToString(",")\n}\n',
    },
    'syntax-error',
    'syntax',
    /: error:/,
    { locre: KLOC, wrapper: 'ci', note: "kotlinc: an unclosed call, `expecting ')'`: syntax" },
  ),
  k(
    'kotlinc-nullable-receiver',
    {
      'src/shop/User.kt':
        'package shop\n\nclass User(val email: String?)\n\nfun domain(u: User): String {\n    return u.email.substringAfter("@")\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: 'a call on a nullable receiver: the type system (nullability) rejects it',
    },
  ),
  k(
    'kotlinc-overload-ambiguity',
    {
      'src/shop/Log.kt':
        'package shop\n\nfun log(id: Int, tag: Any) = println("$id $tag")\nfun log(id: Any, tag: String) = println("$id $tag")\n\nfun main() {\n    log(1, "a")\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    { locre: KLOC, wrapper: 'ci', note: 'overload resolution ambiguity: the types do not pick one function' },
  ),
  k(
    'kotlinc-missing-return',
    {
      'src/shop/Tax.kt':
        'package shop\n\nfun rate(country: String): Double {\n    if (country == "DE") {\n        return 0.19\n    }\n}\n',
    },
    'build-error',
    'build',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: "a function with a block body ends without return: a compile error of the code (build), as go's missing return",
    },
  ),
  k(
    'kotlinc-val-reassigned',
    {
      'src/shop/Counter.kt':
        'package shop\n\nclass Counter {\n    val count = 0\n\n    fun bump() {\n        count = count + 1\n    }\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'raw',
      note: "assigning to a val, as gcc's assignment of read-only variable: type",
    },
  ),
  k(
    'kotlinc-abstract-member',
    {
      'src/shop/Shape.kt':
        'package shop\n\ninterface Shape {\n    fun area(): Double\n    fun name(): String\n}\n\nclass Square(val side: Double) : Shape {\n    override fun area() = side * side\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: 'a class does not implement an interface member: the type system, as g++ cannot declare variable of abstract type',
    },
  ),
  k(
    'kotlinc-two-files-errors',
    {
      'src/shop/Cart.kt': CART_KT.replaceAll('items.sum()', 'items.sum().toLong()'),
      'src/shop/Report.kt':
        'package shop\n\nfun report(c: Cart): String {\n    return "total: " + formatCents(c.total())\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: "two files fail: Cart.kt's Long for Int comes first (type); Report.kt's unresolved formatCents is second",
    },
  ),
  k(
    'kotlinc-werror',
    {
      'src/shop/Stock.kt':
        'package shop\n\nfun inStock(sku: String, qty: Int): Boolean {\n    val unused = sku.length\n    return qty!! > 0\n}\n',
    },
    'lint-error',
    'lint',
    [/warnings found and -Werror specified/, /: warning:/],
    {
      locre: KWARN,
      wrapper: 'ci',
      cmd: 'kotlinc -Werror src -d out',
      note: 'only warnings, made fatal by -Werror: lint (as rustc -D warnings); the warnings are the places',
    },
  ),
  k(
    'kotlinc-warnings-then-error',
    {
      'src/lib/Util.kt':
        'package lib\n\nfun pad(s: String): String {\n    val width = 8\n    return s!!.padStart(10)\n}\n',
      'src/app/App.kt': 'package app\n\nimport lib.pad\n\nfun main() {\n    println(pad(42))\n}\n',
    },
    'type-error',
    'type',
    /App\.kt:\d+:\d+: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      cmd: 'kotlinc src/lib -d out/lib && kotlinc -cp out/lib src/app -d out/app',
      note: 'the library compiles with two warnings; the app then fails on a type mismatch. The warnings are not places',
    },
  ),
  k(
    'kotlinc-unexpected-tokens',
    {
      'src/shop/Fee.kt':
        'package shop\n\nfun fee(total: Int): Int {\n    val base = total / 100 val extra = 5\n    return base + extra\n}\n',
    },
    'syntax-error',
    'syntax',
    /: error:/,
    { locre: KLOC, wrapper: 'raw' },
  ),
  k(
    'kotlinc-missing-library',
    {
      'src/shop/Http.kt':
        'package shop\n\nimport okhttp3.OkHttpClient\nimport okhttp3.Request\n\nfun fetch(url: String): String? {\n    val client = OkHttpClient()\n    return client.newCall(Request.Builder().url(url).build()).execute().body()?.string()\n}\n',
    },
    'import-not-found',
    'dependency',
    /: error:/,
    {
      locre: KLOC,
      wrapper: 'ci',
      note: 'the imports name a library that is not on the classpath: dependency, as javac package does not exist',
    },
  ), // programs that fail at run time
  k(
    'kotlin-main-throws',
    {
      'src/main/kotlin/shop/Config.kt':
        'package shop\n\nfun port(env: Map<String, String>): Int {\n    val raw = env.getValue("PORT")\n    return raw.toInt()\n}\n\nfun main() {\n    println(port(mapOf("PORT" to "80x")))\n}\n',
    },
    null,
    'build',
    [/^Exception in thread/, /at shop\.ConfigKt\.main/],
    {
      locs: [['src/main/kotlin/shop/Config.kt', 5, null]],
      wrapper: 'ci',
      cmd: 'kotlinc src/main/kotlin -include-runtime -d app.jar && java -jar app.jar',
      note: 'the program crashes on a bug (NumberFormatException), no check ran: build. The place is the innermost frame of the project (ConfigKt.port, Config.kt:5), the file under its package in the standard layout',
    },
  ),
  k(
    'kotlin-check-fails',
    {
      'src/main/kotlin/shop/Cart.kt': CART_KT.replaceAll('items.sum()', 'items.sum() - items.size'),
      'src/test/kotlin/shop/CartCheck.kt':
        'package shop\n\nfun main() {\n    val cart = Cart()\n    cart.add(250)\n    cart.add(100)\n    val total = cart.total()\n    check(total == 350) { "total: expected 350 but was $total" }\n    println("ok")\n}\n',
    },
    'test-failure',
    'test',
    [/^Exception in thread/, /at shop\.CartCheckKt\.main/],
    {
      locs: [['src/test/kotlin/shop/CartCheck.kt', 8, null]],
      wrapper: 'ci',
      cmd: 'kotlinc src/main/kotlin src/test/kotlin -d out && kotlin -cp out shop.CartCheckKt',
      note: "a check program under src/test whose expectation fails (IllegalStateException from check()): what a person calls a failing test; the place is the check line. Its name is no test class's (CartCheck): nothing in the frame says it lives under src/test",
    },
  ),
  k(
    'kotlin-script-throws',
    {
      'scripts/release.kts':
        'val version = "1.4"\nval parts = version.split(".")\nval patch = parts[2].toInt()\nprintln("next: ${parts[0]}.${parts[1]}.${patch + 1}")\n',
    },
    null,
    'build',
    [/IndexOutOfBounds/, /release\.kts/],
    {
      locs: [['scripts/release.kts', 3, null]],
      wrapper: 'ci',
      cmd: 'kotlinc -script scripts/release.kts',
      note: 'a release script crashes (index out of bounds): build; the frame names the script by its base name (release.kts:3), the command by its path',
    },
  ),
  k(
    'kotlin-green-warnings',
    {
      'src/shop/Cart.kt': CART_KT,
      'src/shop/Main.kt':
        'package shop\n\nfun main() {\n    val unused = "error: not really"\n    val cart = Cart()\n    cart.add(250)\n    println(cart.total()!!)\n}\n',
    },
    null,
    'unknown',
    undefined,
    {
      wrapper: 'ci',
      cmd: 'kotlinc src -d out && kotlin -cp out shop.MainKt',
      note: 'green: kotlinc prints two warnings (one quoting "error:"), the program prints 250',
    },
  ), // scalac compile errors
  s(
    'scalac-type-mismatch',
    {
      'src/Price.scala':
        'object Price {\n  def cents(label: String): Int = {\n    val parsed: Int = label\n    parsed * 100\n  }\n}\n',
    },
    'type-error',
    'type',
    [/: error:/, /required:/],
    { locre: SLOC, wrapper: 'ci' },
  ),
  s(
    'scalac-not-found-value',
    {
      'src/Cart.scala': CART_SC,
      'src/Main.scala':
        'package shop\n\nobject Main {\n  def main(args: Array[String]): Unit = {\n    val cart = new Cart\n    cart.add(250)\n    println(totl(cart))\n  }\n}\n',
    },
    'build-error',
    'build',
    /: error:/,
    { locre: SLOC, wrapper: 'ci', note: 'scalac not found: value: a name that does not exist, build' },
  ),
  s(
    'scalac-not-found-type',
    { 'src/Repo.scala': 'package shop\n\nclass Repo {\n  def find(id: Int): Option[Custmer] = None\n}\n' },
    'build-error',
    'build',
    /: error:/,
    { locre: SLOC, wrapper: 'raw', note: 'not found: type (a typo): build' },
  ),
  s(
    'scalac-missing-parameter-type',
    {
      'src/Fees.scala':
        'object Fees {\n  val double = x => x * 2\n  def apply(total: Int): Int = double(total)\n}\n',
    },
    'type-error',
    'type',
    /: error:/,
    { locre: SLOC, wrapper: 'ci', note: "scalac cannot infer a lambda parameter's type: type" },
  ),
  s(
    'scalac-expected-but-found',
    {
      'src/Order.scala':
        'object Order {\n  def describe(id: Int, qty: Int): String = {\n    List(id, qty.map(_.toString).mkString(",")\n  }\n}\n',
    },
    'syntax-error',
    'syntax',
    /: error:/,
    { locre: SLOC, wrapper: 'ci' },
  ),
  s(
    'scalac-unclosed-string',
    { 'src/Greeting.scala': 'object Greeting {\n  def hello(name: String): String = "hello, + name\n}\n' },
    'syntax-error',
    'syntax',
    /: error:/,
    { locre: SLOC, wrapper: 'raw' },
  ),
  s(
    'scalac-implicit-not-found',
    {
      'src/Sorting.scala':
        'case class Item(name: String, cents: Int)\n\nobject Sorting {\n  def cheapestFirst(items: List[Item]): List[Item] = items.sorted\n}\n',
    },
    'type-error',
    'type',
    [/: error:/, /error:|Ordering/],
    { locre: SLOC, wrapper: 'ci', note: 'no implicit Ordering for the type: the type system' },
  ),
  s(
    'scalac-needs-abstract',
    {
      'src/Shape.scala':
        'trait Shape {\n  def area: Double\n  def name: String\n}\n\nclass Square(side: Double) extends Shape {\n  def area: Double = side * side\n}\n',
    },
    'type-error',
    'type',
    [/: error:/, /not defined/],
    { locre: SLOC, wrapper: 'ci', note: "a class does not define a trait's member: type" },
  ),
  s(
    'scalac-fatal-deprecation',
    {
      'src/Clock.scala':
        'object Clock {\n  @deprecated("use nowMillis", "2.0") def now(): Long = System.currentTimeMillis\n  def nowMillis(): Long = System.currentTimeMillis\n  def stamp(): String = now().toString\n}\n',
    },
    'lint-error',
    'lint',
    [/: warning:|: error:/, /error found|errors? found|warning/],
    {
      locre: /^(?<f>[\w/.-]+\.scala):(?<l>\d+): (?:warning|error):/,
      wrapper: 'ci',
      cmd: 'mkdir -p out && scalac -deprecation -Xfatal-warnings -d out src/*.scala',
      note: 'a deprecation warning made fatal by -Xfatal-warnings: lint (a warning the team chose to fail on)',
    },
  ),
  s(
    'scalac-missing-library',
    {
      'src/Json.scala':
        'import io.circe.parser.decode\n\nobject Json {\n  def port(s: String): Int = decode[Int](s).getOrElse(0)\n}\n',
    },
    'import-not-found',
    'dependency',
    /: error:/,
    {
      locre: SLOC,
      wrapper: 'ci',
      note: 'the import names a library that is not on the classpath (not found: object circe): dependency',
    },
  ),
  s(
    'scalac-warnings-then-error',
    {
      'src/Util.scala':
        'object Util {\n  def unsafe(xs: List[Int]): Int = xs match {\n    case head :: Nil => head\n  }\n}\n',
      'src/App.scala':
        'object App {\n  def main(args: Array[String]): Unit = {\n    val n: String = Util.unsafe(List(1))\n    println(n)\n  }\n}\n',
    },
    'type-error',
    'type',
    [/App\.scala:\d+: error:/, /required:/],
    {
      locre: SLOC,
      wrapper: 'ci',
      cmd: 'mkdir -p out && scalac -d out src/Util.scala && scalac -cp out -d out src/App.scala',
      note: 'Util compiles with a non-exhaustive match warning; App then fails on a type mismatch. The warning is no place',
    },
  ), // scala programs that fail at run time
  s(
    'scala-main-throws',
    {
      'src/main/scala/shop/Config.scala':
        'package shop\n\nobject Config {\n  def port(env: Map[String, String]): Int = env("PORT").toInt\n\n  def main(args: Array[String]): Unit = {\n    println(port(Map("HOST" -> "db")))\n  }\n}\n',
    },
    null,
    'build',
    [/^Exception in thread|NoSuchElementException/, /at shop\.Config\.main/],
    {
      locs: [['src/main/scala/shop/Config.scala', 4, null]],
      wrapper: 'ci',
      cmd: 'mkdir -p out && scalac -d out src/main/scala/shop/*.scala && scala -cp out shop.Config',
      note: 'the program crashes on a bug (key not found): build; the place is the innermost frame of the project (Config$.port)',
    },
  ),
  s(
    'scala-assert-fails',
    {
      'src/main/scala/shop/Cart.scala': CART_SC.replaceAll('items.sum', 'items.sum - items.size'),
      'src/test/scala/shop/CartCheck.scala':
        'package shop\n\nobject CartCheck {\n  def main(args: Array[String]): Unit = {\n    val cart = new Cart\n    cart.add(250)\n    cart.add(100)\n    assert(cart.total == 350, s"total: expected 350 but was ${cart.total}")\n    println("ok")\n  }\n}\n',
    },
    'test-failure',
    'test',
    [/AssertionError/, /at shop\.CartCheck\.main/],
    {
      locs: [['src/test/scala/shop/CartCheck.scala', 8, null]],
      wrapper: 'ci',
      cmd: 'mkdir -p out && scalac -d out src/main/scala/shop/*.scala src/test/scala/shop/*.scala && scala -cp out shop.CartCheck',
      note: "a check program under src/test whose assertion fails: a failing test; the place is the assert line (its name is no test class's)",
    },
  ),
  s(
    'scala-green-deprecation',
    {
      'src/Clock.scala':
        'object Clock {\n  @deprecated("use nowMillis", "2.0") def now(): Long = System.currentTimeMillis\n  def main(args: Array[String]): Unit = println(if (now() > 0) "ok, no error" else "error")\n}\n',
    },
    null,
    'unknown',
    undefined,
    {
      wrapper: 'ci',
      cmd: 'mkdir -p out && scalac -deprecation -d out src/*.scala && scala -cp out Clock',
      note: 'green: a deprecation warning, not fatal; the program prints "ok, no error"',
    },
  ), // kotlinc under gradle (kotlin-gradle-plugin 1.3.31): `e: /abs/path.kt: (L, C): Message`
  g(
    'gradle-kotlin-type-mismatch',
    { 'src/main/kotlin/shop/Price.kt': 'package shop\n\nfun priceInCents(): Int {\n    return "100"\n}\n' },
    'type-error',
    'type',
    /^e: /,
    { locre: GLOC, wrapper: 'ci', cmd: 'gradle --offline --no-daemon -q build' },
  ),
  g(
    'gradle-kotlin-unresolved',
    {
      'src/main/kotlin/shop/Cart.kt': CART_KT,
      'src/main/kotlin/shop/Report.kt':
        'package shop\n\nfun report(c: Cart): String = "total: " + formatCents(c.total())\n',
    },
    'build-error',
    'build',
    /e: \//,
    {
      locre: GLOC,
      wrapper: 'ci',
      note: 'an unresolved name under gradle: build; the task summary is a consequence. The plain console prints `:compileKotline: /…` (the task name, then the message)',
    },
  ),
  g(
    'gradle-kotlin-syntax',
    {
      'src/main/kotlin/shop/Fee.kt':
        'package shop\n\nfun fee(total: Int): Int {\n    return if (total > 100) 0 else 5\n\nfun tax(total: Int): Int = total / 5\n',
    },
    'syntax-error',
    'syntax',
    /e: \//,
    {
      locre: GLOC,
      wrapper: 'raw',
      note: 'an unclosed function body: kotlinc expects a closing brace at the end of the file',
    },
  ),
  g(
    'gradle-kotlin-test-failure',
    {
      'src/main/kotlin/shop/Price.kt':
        'package shop\n\nfun price(): Int {\n    val unused = 3\n    return 100 - 1\n}\n',
      'src/test/kotlin/shop/PriceTest.kt':
        'package shop\n\nimport org.junit.Assert.assertEquals\nimport org.junit.Test\n\nclass PriceTest {\n    @Test\n    fun priceIsHundred() {\n        assertEquals(100, price())\n    }\n}\n',
    },
    'test-failure',
    'test',
    [/PriceTest > priceIsHundred FAILED/, /tests? completed, \d+ failed/],
    {
      locs: [['src/test/kotlin/shop/PriceTest.kt', 9, null]],
      wrapper: 'ci',
      note: 'the main code compiles with a warning (w: … Variable is never used, no place); a JUnit test fails at PriceTest.kt:9 (gradle names the class shop.PriceTest above it)',
    },
  ),
  g(
    'gradle-kotlin-werror',
    {
      'src/main/kotlin/shop/Stock.kt':
        'package shop\n\nfun inStock(sku: String, qty: Int): Boolean {\n    val unused = sku.length\n    return qty > 0\n}\n',
    },
    'lint-error',
    'lint',
    [/warnings found and -Werror specified/, /^w: /],
    {
      locre: /^w: (?<f>\/\S+\.kts?): \((?<l>\d+), (?<c>\d+)\): /,
      wrapper: 'ci',
      gradle: GRADLE + 'compileKotlin { kotlinOptions.allWarningsAsErrors = true }\n',
      note: 'allWarningsAsErrors (-Werror) makes a warning fail the build: lint; the warning is the place',
    },
  ), // JUnit 4 (Debian junit4 4.13.2) run by its own console runner on Kotlin and Scala tests
  k(
    'kotlin-junit-failure',
    {
      'src/main/kotlin/shop/Cart.kt': CART_KT.replaceAll('items.sum()', 'items.sum() - items.size'),
      'src/test/kotlin/shop/CartTest.kt':
        'package shop\n\nimport org.junit.Assert.assertEquals\nimport org.junit.Test\n\nclass CartTest {\n    @Test\n    fun emptyCartIsZero() {\n        assertEquals(0, Cart().total())\n    }\n\n    @Test\n    fun totalAddsPrices() {\n        val cart = Cart()\n        cart.add(250)\n        cart.add(100)\n        assertEquals(350, cart.total())\n    }\n}\n',
    },
    'test-failure',
    'test',
    [/^There was 1 failure/, /^Tests run: /],
    {
      locs: [['src/test/kotlin/shop/CartTest.kt', 17, null]],
      wrapper: 'ci',
      cmd: `kotlinc -cp ${JUNIT} src/main/kotlin src/test/kotlin -d out && java -cp out:${JUNIT}:/usr/share/java/kotlin-stdlib.jar org.junit.runner.JUnitCore shop.CartTest`,
      note: "JUnitCore: one of two tests fails (expected:<350> but was:<348>); the place is the test's assert line the trace names",
    },
  ),
  s(
    'scala-junit-failure',
    {
      'src/main/scala/shop/Cart.scala': CART_SC.replaceAll('items.sum', 'items.sum - items.size'),
      'src/test/scala/shop/CartTest.scala':
        'package shop\n\nimport org.junit.Assert.assertEquals\nimport org.junit.Test\n\nclass CartTest {\n  @Test def emptyCartIsZero(): Unit = assertEquals(0, new Cart().total)\n\n  @Test def totalAddsPrices(): Unit = {\n    val cart = new Cart\n    cart.add(250)\n    cart.add(100)\n    assertEquals(350, cart.total)\n  }\n}\n',
    },
    'test-failure',
    'test',
    [/^There was 1 failure/, /^Tests run: /],
    {
      locs: [['src/test/scala/shop/CartTest.scala', 13, null]],
      wrapper: 'ci',
      cmd: `mkdir -p out && scalac -cp ${JUNIT} -d out src/main/scala/shop/*.scala src/test/scala/shop/*.scala && scala -cp out:${JUNIT} org.junit.runner.JUnitCore shop.CartTest`,
      note: 'JUnitCore on Scala tests: one of two fails; the place is the assert line',
    },
  ),
];
