// A vitest reporter for `npm run bench:suite`: when each test file started and ended in its worker,
// by project, written as JSON to the file SUITE_TIMINGS_FILE names. Times are the main process's
// clock, so that files of different projects and workers line up.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export interface FileTiming {
  project: string;
  file: string;
  /** Milliseconds since the epoch: when the worker began importing the file. */
  start: number;
  end: number;
  passed: boolean;
}

export default class SuiteTimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timings: FileTiming[] = [];

  onTestModuleQueued(module: TestModule): void {
    this.started.set(this.key(module), Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    this.timings.push({
      project: module.project.name,
      file: module.moduleId,
      start: this.started.get(this.key(module)) ?? end - module.diagnostic().duration,
      end,
      passed: module.ok(),
    });
  }

  onTestRunEnd(): void {
    const out = process.env["SUITE_TIMINGS_FILE"];
    if (out) writeFileSync(out, JSON.stringify(this.timings, null, 1));
  }

  private key(module: TestModule): string {
    return `${module.project.name}\0${module.moduleId}`;
  }
}
