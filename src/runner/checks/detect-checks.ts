import type { Check } from '../../core/config/schema.js';
import { detectNodeChecks, type PackageManager } from './detect-node-checks.js';
import { detectPythonChecks } from './detect-python-checks.js';
import { ciToolChecks } from './ci-tool-checks.js';
import { detectedCheck, hasProjectFile } from './read-project-file.js';

/** `gofmt -l .` as a check that fails when it lists a file (or cannot parse one), printing what it listed. */
export const GOFMT_CHECK = 'files=$(gofmt -l .) && [ -z "$files" ] || { echo "$files"; false; }';

type Ecosystem = 'node' | 'python' | 'rust' | 'go';

export interface DetectedProject {
  checks: Check[];
  /** From the lockfile; null when there is no package.json. */
  packageManager: PackageManager | null;
  ecosystems: Ecosystem[];
  /** What got in the way of detection (a package.json that does not parse), for the user to read. */
  warnings: string[];
}

/**
 * The checks a project's own files imply, for a project without a `checks` section. Only files are
 * read — no toolchain is asked — so detection is fast and the same on any machine; a tool that is not
 * installed shows up when its check runs and fails. Names are unique across ecosystems.
 */
export async function detectChecks(cwd: string): Promise<DetectedProject> {
  const [node, python, rust, go] = await Promise.all([
    detectNodeChecks(cwd),
    detectPythonChecks(cwd),
    hasProjectFile(cwd, 'Cargo.toml'),
    hasProjectFile(cwd, 'go.mod'),
  ]);
  const project: DetectedProject = {
    checks: [],
    packageManager: node?.packageManager ?? null,
    ecosystems: [],
    warnings: node?.warnings ?? [],
  };
  if (node) {
    project.ecosystems.push('node');
    project.checks.push(...node.checks);
  }
  if (python) {
    project.ecosystems.push('python');
    project.checks.push(...python);
  }
  if (rust) {
    project.ecosystems.push('rust');
    project.checks.push(
      detectedCheck('cargo-clippy', 'lint', 'cargo clippy -- -D warnings'),
      detectedCheck('cargo-test', 'test', 'cargo test'),
      detectedCheck('cargo-build', 'build', 'cargo build'),
    );
  }
  if (go) {
    project.ecosystems.push('go');
    project.checks.push(
      // gofmt -l exits 0 whatever it lists: the list itself is the failure (printed, so the loop reads the
      // files).
      detectedCheck('gofmt', 'lint', GOFMT_CHECK),
      detectedCheck('go-vet', 'lint', 'go vet ./...'),
      detectedCheck('go-test', 'test', 'go test ./...'),
      detectedCheck('go-build', 'build', 'go build ./...'),
    );
  }
  // What CI's workflows run (`- run: ruff check .`, `- run: pytest`) must pass too; the CI's own command
  // replaces a check detected for the same tool from the project's config.
  for (const { check, ecosystem } of await ciToolChecks(cwd)) {
    const same = project.checks.findIndex((c) => c.name === check.name);
    if (same >= 0) project.checks[same] = check;
    // A Node tool CI runs through npx is usually a package.json script's too: those come first.
    else if (ecosystem === 'node' && project.checks.some((c) => c.type === check.type)) continue;
    else project.checks.push(check);
    if (!project.ecosystems.includes(ecosystem)) project.ecosystems.push(ecosystem);
  }
  return project;
}
