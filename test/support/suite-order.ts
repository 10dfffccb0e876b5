// The order the suite's files start in, for the workers to finish together: the longest first.
// vitest knows each file's duration from its last run; a fresh clone has no last run, and vitest
// would start the largest files first, most of them seconds long, leaving a minutes-long engine
// file (setting up a clone from nothing, say) for the end, alone on one core. Without durations,
// the files that take longest whatever their size go first, then the projects by their weight,
// the engine's first.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Projects by how long their files take, the longest first; a project not named goes last. */
const PROJECT_WEIGHT = ["engine", "toolchain", "emulator", "emulator, roles shown", "unit"];
/**
 * Files that take long whatever their size, in every project that runs them: they set up and
 * release from nothing, or wait out the service's Retry-After and the clients' timeouts (which
 * leave the cores to the others: at the end, they would be the run's last seconds, alone).
 */
const LONGEST = ["test/scripts/setup/cold-setup.test.ts", "test/release/install.test.ts", "test/service/faults.test.ts"];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const bySize = await super.sort(files);
    const cache = this.ctx.cache;
    const known = (spec: TestSpecification) => cache.getFileTestResults(`${spec.project.name}:${this.relative(spec)}`) !== undefined;
    // Durations of a last run: vitest's own order, the longest first.
    if (files.every(known)) return bySize;
    const rank = (spec: TestSpecification) => {
      const longest = LONGEST.indexOf(this.relative(spec));
      const project = PROJECT_WEIGHT.indexOf(spec.project.name);
      return [longest < 0 ? LONGEST.length : longest, project < 0 ? PROJECT_WEIGHT.length : project];
    };
    // Stable: within a rank, vitest's order (the largest files first).
    return [...bySize].sort((a, b) => {
      const [longestA, projectA] = rank(a);
      const [longestB, projectB] = rank(b);
      return longestA! - longestB! || projectA! - projectB!;
    });
  }

  private relative(spec: TestSpecification): string {
    return spec.moduleId.slice(this.ctx.config.root.length + 1);
  }
}
