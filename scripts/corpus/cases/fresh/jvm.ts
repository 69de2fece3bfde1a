// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const SETTINGS = `<settings>
  <profiles>
    <profile>
      <id>internal-mirror</id>
      <repositories>
        <repository><id>central</id><url>file:///usr/share/maven-repo</url>
          <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots></repository>
      </repositories>
      <pluginRepositories>
        <pluginRepository><id>central</id><url>file:///usr/share/maven-repo</url>
          <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots></pluginRepository>
      </pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>internal-mirror</activeProfile></activeProfiles>
</settings>
`;
const MVN = 'mvn -B -s ci/settings.xml -Dmaven.repo.local=.m2/repository';
const MVNO = 'mvn -B -ntp -o -Dmaven.repo.local=/usr/share/maven-repo';
const JUNIT =
  '    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13.2</version>\n      <scope>test</scope>\n    </dependency>\n';

function pom({ deps = JUNIT, build = '' }: { deps?: string; build?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.acme.billing</groupId>\n  <artifactId>invoices</artifactId>\n  <version>0.9.0-SNAPSHOT</version>\n  <properties>\n    <maven.compiler.release>17</maven.compiler.release>\n    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n  </properties>\n  <dependencies>\n${deps}  </dependencies>\n${build}</project>\n`;
}
const INVOICE = `
package com.acme.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

public class Invoice {
    private final List<BigDecimal> lines = new ArrayList<>();
    private BigDecimal discountRate = BigDecimal.ZERO;

    public Invoice add(String amount) {
        lines.add(new BigDecimal(amount));
        return this;
    }

    public Invoice discount(String rate) {
        discountRate = new BigDecimal(rate);
        return this;
    }

    public BigDecimal subtotal() {
        return lines.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    public BigDecimal total() {
        BigDecimal off = subtotal().multiply(discountRate);
        return subtotal().subtract(off).setScale(2, RoundingMode.HALF_UP);
    }

    public int lineCount() {
        return lines.size();
    }
}
`;
const INVOICE_TEST = `
package com.acme.billing;

import static org.junit.Assert.assertEquals;

import java.math.BigDecimal;
import org.junit.Test;

public class InvoiceTest {
    @Test
    public void subtotalAddsLines() {
        Invoice i = new Invoice().add("10.00").add("5.50");
        assertEquals(new BigDecimal("15.50"), i.subtotal());
    }

    @Test
    public void discountIsApplied() {
        Invoice i = new Invoice().add("100.00").discount("0.15");
        assertEquals(new BigDecimal("85.00"), i.total());
    }

    @Test
    public void countsLines() {
        assertEquals(2, new Invoice().add("1").add("2").lineCount());
    }
}
`;
const TAX_TEST = `
package com.acme.billing;

import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class TaxTest {
    @Test
    public void positive() {
        assertTrue(new Invoice().add("3.00").subtotal().signum() > 0);
    }
}
`;
const SRC = 'src/main/java/com/acme/billing/';
const TST = 'src/test/java/com/acme/billing/';
const BASE = {
  'ci/settings.xml': SETTINGS,
  'pom.xml': pom(),
  [SRC + 'Invoice.java']: INVOICE,
  [TST + 'InvoiceTest.java']: INVOICE_TEST,
  [TST + 'TaxTest.java']: TAX_TEST,
};
const MLOC = /^\[ERROR\] (?<f>\/\S+\.java):\[(?<l>\d+),(?<c>\d+)\]/;

export const CASES: CorpusCase[] = [
  {
    id: 'jvm/fresh-maven-surefire-discount',
    tool: 'maven 3.8.7 / surefire 2.22.3',
    cmd: `${MVN} test`,
    steps: ['@mvn'],
    files: {
      ...BASE,
      [SRC + 'Invoice.java']: INVOICE.replaceAll(
        'subtotal().subtract(off)',
        'subtotal().subtract(off).subtract(off)',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Tests run: .*FAILURE!|<<< FAILURE!/, /Tests run: \d+, Failures: 1/],
    locs: [['src/test/java/com/acme/billing/InvoiceTest.java', 18, null]],
    wrapper: 'travis',
    timeout: 300,
    note: '~280 Downloading/Downloaded lines from the (local) repository before the build; the discount is applied twice. Location: the test line surefire names (InvoiceTest.java:18), as the dev batch labels surefire',
  },
  {
    id: 'jvm/fresh-maven-cannot-find-symbol-method',
    tool: 'maven 3.8.7 / javac 17',
    cmd: `${MVN} -ntp verify`,
    steps: ['java -version', '@mvn'],
    files: {
      ...BASE,
      [TST + 'InvoiceTest.java']: INVOICE_TEST.replaceAll('i.subtotal());', 'i.subTotal());'),
    },
    pattern: 'build-error',
    category: 'build',
    ev: [/COMPILATION ERROR/, /symbol:|location:/],
    locre: MLOC,
    wrapper: 'github-actions',
    timeout: 300,
    note: 'a test calls subTotal() (wrong case): cannot find symbol, a build error at testCompile',
  },
  {
    id: 'jvm/fresh-maven-plugin-unresolvable',
    tool: 'maven 3.8.7',
    cmd: `${MVN} -ntp verify`,
    files: {
      ...BASE,
      'pom.xml': pom({
        build:
          '  <build>\n    <plugins>\n      <plugin>\n        <groupId>org.apache.maven.plugins</groupId>\n        <artifactId>maven-checkstyle-plugin</artifactId>\n        <version>3.3.1</version>\n        <executions><execution><phase>validate</phase><goals><goal>check</goal></goals></execution></executions>\n      </plugin>\n    </plugins>\n  </build>\n',
      }),
    },
    pattern: 'dependency-unresolved',
    category: 'dependency',
    ev: [
      /\[ERROR\] Plugin org.apache.maven.plugins:maven-checkstyle-plugin/,
      /\[ERROR\] Plugin org.apache.maven.plugins:maven-checkstyle-plugin/,
    ],
    wrapper: 'gitlab',
    timeout: 300,
    note: 'the checkstyle plugin version is not in the repository the build uses: an unresolved (plugin) dependency',
  },
  {
    id: 'jvm/fresh-maven-test-timeout',
    tool: 'maven 3.8.7 / surefire 2.22.3',
    cmd: `${MVNO} test`,
    files: {
      ...BASE,
      [TST + 'RemoteRatesTest.java']: `
            package com.acme.billing;

            import static org.junit.Assert.assertNotNull;

            import org.junit.Test;

            public class RemoteRatesTest {
                private String fetchRate() throws InterruptedException {
                    Thread.sleep(5_000);
                    return "1.08";
                }

                @Test(timeout = 500)
                public void fetchesEurRate() throws Exception {
                    assertNotNull(fetchRate());
                }
            }
            `,
    },
    pattern: 'test-timeout',
    category: 'timeout',
    ev: [/<<< ERROR!/, /TestTimedOutException|test timed out/],
    locs: [['src/test/java/com/acme/billing/RemoteRatesTest.java', 15, null]],
    wrapper: 'jenkins',
    timeout: 300,
    note: 'JUnit @Test(timeout=500) expired: test-timeout. Location: the test line surefire names (fetchesEurRate:15), not the helper frame fetchRate:9',
  },
  {
    id: 'jvm/fresh-ant-lossy-conversion',
    tool: 'ant 1.10 / javac 17',
    cmd: 'ant -noinput dist',
    steps: ['ant -version'],
    files: {
      'build.xml':
        '<project name="invoices" default="dist" basedir=".">\n  <target name="init"><mkdir dir="build/classes"/></target>\n  <target name="compile" depends="init">\n    <javac srcdir="src" destdir="build/classes" includeantruntime="false" release="17"/>\n  </target>\n  <target name="dist" depends="compile">\n    <jar destfile="build/invoices.jar" basedir="build/classes"/>\n  </target>\n</project>\n',
      'src/com/acme/billing/Cents.java':
        'package com.acme.billing;\n\npublic final class Cents {\n    private Cents() {}\n\n    public static int of(double amount) {\n        int cents = Math.round(amount * 100.0);\n        return cents;\n    }\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/error: incompatible types/, /BUILD FAILED/],
    locre: /\[javac\] (?<f>\/\S+\.java):(?<l>\d+): error/,
    wrapper: 'circleci',
    timeout: 120,
    note: 'Math.round(double) returns long: possible lossy conversion, a type error inside ant',
  },
  {
    id: 'jvm/fresh-checkstyle-sun',
    tool: 'checkstyle 8.36',
    cmd: 'checkstyle -c /sun_checks.xml src/main/java/com/acme/billing/Invoice.java',
    files: {
      ...BASE,
      [SRC + 'Invoice.java']: INVOICE.replaceAll(
        '    public Invoice add(String amount) {',
        '    public Invoice add(String amount){',
      ),
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^\[(ERROR|WARN)\]/, /^Checkstyle ends with/],
    locre: /^\[(?:ERROR|WARN)\] (?<f>\/\S+\.java):(?<l>\d+)(?::(?<c>\d+))?/,
    wrapper: 'github-actions',
    timeout: 120,
    note: 'sun_checks: missing javadoc, final parameters, magic numbers, a whitespace error',
  },
  {
    id: 'jvm/fresh-maven-green-warnings',
    tool: 'maven 3.8.7',
    cmd: `${MVNO} test`,
    files: {
      ...BASE,
      [SRC + 'Legacy.java']:
        'package com.acme.billing;\n\npublic class Legacy {\n    @Deprecated\n    public static int old() { return 1; }\n    public static int use() { return old() + new java.util.Date(2020, 1, 1).getYear(); }\n}\n',
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'gitlab',
    timeout: 300,
    note: 'green: deprecation warnings from javac, tests pass',
  },
  {
    id: 'jvm/fresh-java-jar-no-main-manifest',
    tool: 'java 17',
    cmd: 'java -jar target/invoices-0.9.0-SNAPSHOT.jar',
    steps: [`${MVNO} -q package -DskipTests`],
    files: BASE,
    pattern: 'config-error',
    category: 'config',
    ev: [/no main manifest attribute/, /no main manifest attribute/],
    wrapper: 'travis',
    timeout: 300,
    note: 'the jar has no Main-Class: the packaging config is missing, config',
  },
  {
    id: 'jvm/fresh-gradle-test-failure',
    tool: 'gradle 4.4.1 (Debian)',
    cmd: 'gradle --no-daemon --offline --console=plain test',
    files: {
      'build.gradle':
        "apply plugin: 'java'\nsourceCompatibility = 1.8\nrepositories { maven { url 'file:///usr/share/maven-repo' } }\ndependencies { testCompile 'junit:junit:4.13.2' }\n",
      'settings.gradle': "rootProject.name = 'invoices'\n",
      [SRC + 'Invoice.java']: INVOICE.replaceAll(
        'setScale(2, RoundingMode.HALF_UP)',
        'setScale(2, RoundingMode.DOWN)',
      ).replaceAll(
        'subtotal().multiply(discountRate)',
        'subtotal().multiply(discountRate).add(BigDecimal.ONE)',
      ),
      [TST + 'InvoiceTest.java']: INVOICE_TEST,
      [TST + 'TaxTest.java']: TAX_TEST,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/InvoiceTest > discountIsApplied FAILED/, /java.lang.AssertionError|InvoiceTest.java:\d+/],
    locs: [['src/test/java/com/acme/billing/InvoiceTest.java', 18, null]],
    wrapper: 'gitlab',
    timeout: 400,
    note: "trap: Debian gradle prints a ClassNotFoundException stack (Couldn't resolve system dependency) during compileTestJava and JDK deprecation WARNINGs; the build then fails on the test",
  },
];
