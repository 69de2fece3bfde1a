// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 jvm: maven (compiler, surefire), gradle, javac, kotlinc, scalac, checkstyle, ant, JUnitCore.
const MVN = 'mvn -B -o -Dmaven.repo.local=/usr/share/maven-repo';
const JV = 'java -version 2>&1 | head -2';
const MV = 'mvn -B -v';

function pom(artifact: string, { deps = '' }: { deps?: string } = {}): string {
  return `
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>com.acme</groupId>
          <artifactId>${artifact}</artifactId>
          <version>1.2.0-SNAPSHOT</version>
          <properties>
            <maven.compiler.source>11</maven.compiler.source>
            <maven.compiler.target>11</maven.compiler.target>
            <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
          </properties>
          <dependencies>
            <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency>${deps}
          </dependencies>
          <build><plugins>
            <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>
            <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin>
          </plugins></build>
        </project>
        `;
}

export const CASES: CorpusCase[] = [
  {
    id: 'jvm/fresh2-maven-cannot-find-symbol',
    tool: 'maven 3.8.7 (maven-compiler-plugin 3.10.1, javac 17)',
    cmd: MVN + ' compile',
    pattern: null,
    category: 'type',
    wrapper: 'github-actions',
    steps: [JV, MV],
    files: {
      'pom.xml': pom('shipping'),
      'src/main/java/com/acme/shipping/Parcel.java': `
                package com.acme.shipping;

                public class Parcel {
                    private final int grams;

                    public Parcel(int grams) {
                        this.grams = grams;
                    }

                    public int getGrams() {
                        return grams;
                    }

                    public Integer legacyWeight() {
                        return new Integer(grams);
                    }
                }
                `,
      'src/main/java/com/acme/shipping/Rates.java': `
                package com.acme.shipping;

                import java.util.List;

                public class Rates {
                    public double price(Parcel p) {
                        return p.getWeight() * 0.02;
                    }

                    public double total(List<Parcel> ps) {
                        double t = 0;
                        for (Parcel p : ps) {
                            t += price(p);
                        }
                        return t + surcharge;
                    }
                }
                `,
    },
    ev: [/\[ERROR\] COMPILATION ERROR/, /\[INFO\] \d+ errors?/],
    locre: /^\[ERROR\] \/\S*\/(?<f>src\/main\/java\/\S+\.java):\[(?<l>\d+),(?<c>\d+)\]/,
    note: 'javac also prints a deprecation Note (new Integer) before the errors; the errors are two unresolved symbols.',
  },
  {
    id: 'jvm/fresh2-surefire-discount-assertion',
    tool: 'maven 3.8.7 (surefire 2.22.3, junit 4.13.2)',
    cmd: MVN + ' test',
    pattern: null,
    category: 'test',
    wrapper: 'travis',
    steps: [JV, MV],
    files: {
      'pom.xml': pom('pricing'),
      'src/main/java/com/acme/pricing/Discount.java': `
                package com.acme.pricing;

                public class Discount {
                    public long apply(long cents, int percent) {
                        if (percent < 0 || percent > 100) {
                            throw new IllegalArgumentException("percent out of range: " + percent);
                        }
                        return cents - cents * percent / 1000;
                    }
                }
                `,
      'src/test/java/com/acme/pricing/DiscountTest.java': `
                package com.acme.pricing;

                import static org.junit.Assert.assertEquals;

                import org.junit.Test;

                public class DiscountTest {
                    private final Discount d = new Discount();

                    @Test
                    public void noDiscount() {
                        assertEquals(1000L, d.apply(1000L, 0));
                    }

                    @Test
                    public void tenPercent() {
                        check(1000L, 10, 900L);
                    }

                    @Test(expected = IllegalArgumentException.class)
                    public void rejectsErrorPercent() {
                        d.apply(1000L, 150);
                    }

                    private void check(long cents, int pct, long want) {
                        assertEquals("discounted price", want, d.apply(cents, pct));
                    }
                }
                `,
    },
    ev: [/Tests run: .*<<< FAILURE! - in/, /at com\.acme\.pricing\.DiscountTest\.tenPercent/],
    locs: [
      ['DiscountTest.java', 26, null],
      ['DiscountTest.java', 17, null],
    ],
    note: 'The assertion is in a helper (check, line 26) called from the test (tenPercent, line 17); both frames are project code and named by the trace. A passing test is called rejectsErrorPercent.',
  },
  {
    id: 'jvm/fresh2-maven-pom-unclosed-tag',
    tool: 'maven 3.8.7',
    cmd: MVN + ' validate',
    pattern: null,
    category: 'config',
    wrapper: 'gitlab',
    steps: [JV, MV],
    files: {
      'pom.xml': `
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.acme</groupId>
                  <artifactId>audit</artifactId>
                  <version>0.9.0</version>
                  <properties>
                    <maven.compiler.release>11</maven.compiler.release>
                  </properties>
                  <dependencies>
                    <dependency>
                      <groupId>junit</groupId>
                      <artifactId>junit</artifactId>
                      <version>4.13.2</version>
                  </dependencies>
                </project>
                `,
    },
    ev: [/Some problems were encountered/, /\[ERROR\]\s+Non-parseable POM/],
    locre: /\[FATAL\] Non-parseable POM \/\S*\/(?<f>pom\.xml):.* @(?<l>\d+):(?<c>\d+)/,
    note: 'A <dependency> never closed: maven cannot parse pom.xml (config).',
  },
  {
    id: 'jvm/fresh2-maven-missing-artifact',
    tool: 'maven 3.8.7',
    cmd: MVN + ' compile',
    pattern: null,
    category: 'dependency',
    wrapper: 'jenkins',
    steps: [JV, MV],
    files: {
      'pom.xml': pom('notify', {
        deps: `
            <dependency><groupId>com.acme.internal</groupId><artifactId>mailer-client</artifactId><version>3.4.1</version></dependency>`,
      }),
      'src/main/java/com/acme/notify/App.java': 'package com.acme.notify;\npublic class App { }\n',
    },
    ev: /\[ERROR\] Failed to execute goal on project notify/,
    note: 'An artifact that is not in the (offline) repository: dependency. Maven words it as "Cannot access central … in offline mode", which is not a network failure: the artifact was never available. No file line.',
  },
  {
    id: 'jvm/fresh2-gradle-incompatible-types',
    tool: 'gradle 4.4.1 (javac 17)',
    cmd: 'gradle --offline --console=plain build',
    pattern: null,
    category: 'type',
    wrapper: 'circleci',
    steps: [JV, 'gradle --version | grep -E "^(Gradle|JVM)"'],
    files: {
      'build.gradle': "apply plugin: 'java'\nsourceCompatibility = 11\n",
      'settings.gradle': "rootProject.name = 'metrics'\n",
      'src/main/java/com/acme/metrics/Histogram.java': `
                package com.acme.metrics;

                import java.util.ArrayList;
                import java.util.List;

                public class Histogram {
                    private final List<Long> samples = new ArrayList<>();

                    public void record(long v) {
                        samples.add(v);
                    }

                    public int p99() {
                        long[] sorted = samples.stream().mapToLong(Long::longValue).sorted().toArray();
                        return sorted[(int) (sorted.length * 0.99)];
                    }

                    public String name() {
                        return samples.size();
                    }
                }
                `,
    },
    ev: [/Histogram\.java:\d+: error/, /^\d+ errors?$/],
    locs: [
      ['src/main/java/com/acme/metrics/Histogram.java', 15, null],
      ['src/main/java/com/acme/metrics/Histogram.java', 19, null],
    ],
    note: 'Gradle 4 plain console glues the task name to the first javac line (":compileJava/home/…/Histogram.java:15: error"); both javac errors are locations.',
  },
  {
    id: 'jvm/fresh2-gradle-script-unknown-method',
    tool: 'gradle 4.4.1',
    cmd: 'gradle --offline --console=plain assemble',
    pattern: null,
    category: 'config',
    wrapper: 'azure',
    steps: [JV],
    files: {
      'build.gradle': `
                apply plugin: 'java'

                repositories {
                    mavenCentral()
                }

                jar {
                    manifest {
                        attributes 'Main-Class': 'com.acme.Cli'
                    }
                }

                tasks.register('printVersion') {
                    doLast { println version }
                }
                `,
      'settings.gradle': "rootProject.name = 'cli'\n",
    },
    ev: [/What went wrong/, /Could not find method|No signature|register/],
    locre: /Build file '\/\S*\/(?<f>build\.gradle)' line: (?<l>\d+)/,
    note: 'tasks.register does not exist in Gradle 4.4 (added in 4.9): the build script is wrong for this Gradle, config.',
  },
  {
    id: 'jvm/fresh2-javac-missing-semicolon',
    tool: 'javac 17.0.15',
    cmd: 'javac -d out src/com/acme/Matrix.java',
    pattern: null,
    category: 'syntax',
    wrapper: 'buildkite',
    steps: ['javac -version'],
    files: {
      'src/com/acme/Matrix.java': `
                package com.acme;

                public class Matrix {
                    private final double[][] cells;

                    public Matrix(int n) {
                        cells = new double[n][n]
                    }

                    public double trace() {
                        double t = 0;
                        for (int i = 0; i < cells.length; i++) t += cells[i][i];
                        return t;
                    }
                }
                `,
    },
    ev: [/Matrix\.java:\d+: error/, /^\d+ errors?$/],
    locre: /^(?<f>src\/\S+\.java):(?<l>\d+): error/,
  },
  {
    id: 'jvm/fresh2-kotlinc-type-mismatch',
    tool: 'kotlinc 1.3 (Debian)',
    cmd: 'kotlinc src/Temperature.kt -d out.jar',
    pattern: null,
    category: 'type',
    wrapper: 'github-actions',
    steps: [JV, 'kotlinc -version 2>&1 | tail -1'],
    timeout: 300,
    files: {
      'src/Temperature.kt': `
                data class Reading(val celsius: Double, val station: String)

                fun toFahrenheit(r: Reading): Double = r.celsius * 9 / 5 + 32

                fun warmest(rs: List<Reading>): String {
                    val top = rs.maxBy { it.celsius }
                    return top
                }

                fun main() {
                    val rs = listOf(Reading(21.5, "north"), Reading(19.0, "south"))
                    val label: Int = "warmest: " + warmest(rs)
                    println(label)
                }
                `,
    },
    ev: /error:/,
    locre: /^(?<f>src\/\S+\.kt):(?<l>\d+):(?<c>\d+): error/,
  },
  {
    id: 'jvm/fresh2-kotlinc-unresolved',
    tool: 'kotlinc 1.3 (Debian)',
    cmd: 'kotlinc src/ -d build/app.jar',
    pattern: null,
    category: 'type',
    wrapper: 'travis',
    steps: [JV],
    timeout: 300,
    files: {
      'src/Queue.kt': `
                class BoundedQueue<T>(private val cap: Int) {
                    private val items = ArrayDeque<T>()

                    fun offer(x: T): Boolean {
                        if (items.size >= cap) return false
                        items.addLast(x)
                        return true
                    }
                }
                `,
      'src/Main.kt': `
                fun main() {
                    val q = BoundedQueue<String>(2)
                    q.offer("a")
                    println(q.poll())
                }
                `,
    },
    ev: /error:/,
    locre: /^(?<f>src\/\S+\.kt):(?<l>\d+):(?<c>\d+): error/,
    note: 'kotlinc 1.3 has no kotlin.collections.ArrayDeque (added in 1.4) and the class has no poll(): unresolved references. Category type (names the compiler cannot resolve), debatable against build.',
  },
  {
    id: 'jvm/fresh2-scalac-type-mismatch',
    tool: 'scalac 2.11.12',
    cmd: 'mkdir -p out && scalac -d out src/Ledger.scala',
    pattern: null,
    category: 'type',
    wrapper: 'gitlab',
    steps: [JV, 'scalac -version 2>&1'],
    timeout: 300,
    files: {
      'src/Ledger.scala': `
                object Ledger {
                  case class Entry(account: String, cents: Long)

                  def balance(es: Seq[Entry], account: String): Long =
                    es.filter(_.account == account).map(_.cents).sum

                  def describe(es: Seq[Entry]): Int =
                    es.map(e => s"\${e.account}: \${e.cents}").mkString("\\n")

                  def main(args: Array[String]): Unit =
                    println(balance(Seq(Entry("a", 5L)), "a"))
                }
                `,
    },
    ev: [/error: type mismatch/, /^\s*\^$/],
    locre: /^(?<f>src\/\S+\.scala):(?<l>\d+): error/,
  },
  {
    id: 'jvm/fresh2-scalac-syntax',
    tool: 'scalac 2.11.12',
    cmd: 'mkdir -p out && scalac -d out src/Router.scala',
    pattern: null,
    category: 'syntax',
    wrapper: 'jenkins',
    steps: [JV],
    timeout: 300,
    files: {
      'src/Router.scala': `
                object Router {
                  def route(path: String): String = path match {
                    case "/" => "home"
                    case p if p.startsWith("/api") => "api"
                    case _ => "404"

                  def main(args: Array[String]): Unit = println(route("/"))
                }
                `,
    },
    ev: [/error:/, /^\s*\^$/],
    locre: /^(?<f>src\/\S+\.scala):(?<l>\d+): error/,
    note: 'A match block whose closing brace is missing; scalac reports it where the next def starts.',
  },
  {
    id: 'jvm/fresh2-checkstyle-naming',
    tool: 'checkstyle 8.36.1',
    cmd: 'checkstyle -c /sun_checks.xml src/main/java/com/acme/Util.java',
    pattern: null,
    category: 'lint',
    wrapper: 'github-actions',
    steps: [JV, 'checkstyle --version'],
    files: {
      'src/main/java/com/acme/Util.java': `
                package com.acme;

                /** Small helpers. */
                public final class Util {
                    private Util() { }

                    /**
                     * Clamps.
                     * @param v value
                     * @param lo low
                     * @param hi high
                     * @return clamped
                     */
                    public static int clamp(final int v, final int lo, final int hi) {
                        return Math.max(lo, Math.min(hi, v));
                    }

                    public static int MAX_RETRY = 3;
                }
                `,
    },
    ev: [/^Starting audit/, /^Audit done|Checkstyle ends with/],
    locre: /^\[(?:ERROR|WARN)\] \/\S*\/(?<f>src\/\S+\.java):(?<l>\d+):(?:(?<c>\d+):)?/,
  },
  {
    id: 'jvm/fresh2-ant-javac-error',
    tool: 'ant 1.10.13 (javac 17)',
    cmd: 'ant -noinput -buildfile build.xml jar',
    pattern: null,
    category: 'type',
    wrapper: 'circleci',
    steps: [JV, 'ant -version'],
    files: {
      'build.xml': `
                <project name="tokens" default="jar">
                  <target name="compile">
                    <mkdir dir="build/classes"/>
                    <javac srcdir="src" destdir="build/classes" includeantruntime="false"/>
                  </target>
                  <target name="jar" depends="compile">
                    <jar destfile="build/tokens.jar" basedir="build/classes"/>
                  </target>
                </project>
                `,
      'src/com/acme/Tokenizer.java': `
                package com.acme;

                import java.util.ArrayList;
                import java.util.List;

                public class Tokenizer {
                    public List<String> split(String s) {
                        List<String> out = new ArrayList<>();
                        for (String t : s.split(",")) {
                            out.add(t.strip());
                        }
                        return out.toArray(new String[0]);
                    }
                }
                `,
    },
    ev: [/\[javac\] \/\S+: error/, /\[javac\] \d+ errors?/],
    locre: /\[javac\] \/\S*\/(?<f>src\/\S+\.java):(?<l>\d+): error/,
  },
  {
    id: 'jvm/fresh2-junitcore-npe',
    tool: 'junit 4.13.2 (JUnitCore, java 17)',
    cmd: 'java -cp build:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar org.junit.runner.JUnitCore com.acme.CsvTest',
    pattern: null,
    category: 'test',
    wrapper: 'azure',
    steps: [JV, 'javac -cp /usr/share/java/junit4.jar -d build src/com/acme/*.java'],
    files: {
      'src/com/acme/Csv.java': `
                package com.acme;

                import java.util.Map;

                public class Csv {
                    private final Map<String, Integer> header;

                    public Csv(Map<String, Integer> header) {
                        this.header = header;
                    }

                    public String field(String[] row, String name) {
                        int i = header.get(name);
                        return row[i];
                    }
                }
                `,
      'src/com/acme/CsvTest.java': `
                package com.acme;

                import static org.junit.Assert.assertEquals;

                import java.util.Map;
                import org.junit.Test;

                public class CsvTest {
                    private final Csv csv = new Csv(Map.of("id", 0, "name", 1));

                    @Test
                    public void readsName() {
                        assertEquals("ada", csv.field(new String[] {"7", "ada"}, "name"));
                    }

                    @Test
                    public void missingColumnIsAnError() {
                        assertEquals("", csv.field(new String[] {"7", "ada"}, "email"));
                    }
                }
                `,
    },
    ev: [/^1\) missingColumnIsAnError/, /at com\.acme\.CsvTest\.missingColumnIsAnError/],
    locs: [
      ['Csv.java', 13, null],
      ['CsvTest.java', 18, null],
    ],
    note: 'A NullPointerException (unboxing a missing map entry) thrown in project code during a test: category test. Locations: the innermost project frame (Csv.java:13) and the test frame.',
  },
  {
    id: 'jvm/fresh2-green-maven-warnings',
    tool: 'maven 3.8.7 (surefire 2.22.3)',
    cmd: MVN + ' test',
    pattern: null,
    category: 'unknown',
    wrapper: 'circleci',
    steps: [JV, MV],
    files: {
      'pom.xml': pom('retry'),
      'src/main/java/com/acme/retry/Backoff.java':
        'package com.acme.retry;\n\npublic class Backoff {\n    public long delayMillis(int attempt) {\n        if (attempt < 0) {\n            throw new IllegalArgumentException("attempt must be >= 0");\n        }\n        return Math.min(1000L << attempt, 30000L);\n    }\n\n    @Deprecated\n    public long legacy(int attempt) {\n        return new Long(delayMillis(attempt));\n    }\n}\n',
      'src/test/java/com/acme/retry/BackoffTest.java':
        'package com.acme.retry;\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n\npublic class BackoffTest {\n    @Test\n    public void capsAtTimeout() {\n        assertEquals(30000L, new Backoff().delayMillis(10));\n    }\n\n    @Test(expected = IllegalArgumentException.class)\n    public void negativeAttemptThrowsException() {\n        new Backoff().delayMillis(-1);\n    }\n\n    @Test\n    public void errorFreeFirstAttempt() {\n        System.err.println("[ERROR-SIM] simulated failure log from a passing test");\n        assertEquals(1000L, new Backoff().delayMillis(0));\n    }\n}\n',
    },
    note: 'Green: maven [WARNING] relocation lines, a deprecation Note from javac, a passing test that prints "[ERROR-SIM] simulated failure" to stderr, test names with Timeout/Exception/error.',
  },
];
