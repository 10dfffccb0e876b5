// bench:suite's CPU count: a process whose parent ended first is still counted (as an engine run's
// plugins and programs are), where the machine lets a control group be made.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { cpuGroup } from "../../../scripts/bench/cpu-group";

const run = promisify(execFile);
const group = cpuGroup(`pulumi-wandb-test-${process.pid}`);

it.skipIf(group === undefined)("counts the CPU of a process its shell left running, which bash's times does not", async () => {
  // 0.4 s of its own CPU, however long a loaded machine takes to give it that.
  const burn = `"${process.execPath}" -e 'const cpu = () => { const { user, system } = process.cpuUsage(); return user + system; }; while (cpu() < 400000);'`;
  try {
    // The shell ends at once; the orphan it left burns 0.4 s of CPU after it, then the pid file says it is done.
    const marker = `/tmp/pulumi-wandb-cpu-group-${process.pid}`;
    const { stdout } = await run("bash", ["-c", `${group!.enter}; (${burn}; touch ${marker}) > /dev/null 2>&1 & times`]);
    const shellChildren = stdout.trim().split("\n")[1] ?? "";
    expect(shellChildren).toMatch(/^0m0\.0\d+s 0m0\.0\d+s$/);
    await run("bash", ["-c", `for i in $(seq 100); do [ -e ${marker} ] && rm ${marker} && exit 0; sleep 0.05; done; exit 1`]);
    const { userS, systemS } = group!.usage();
    expect(userS + systemS).toBeGreaterThan(0.3);
  } finally {
    group!.remove();
  }
});
