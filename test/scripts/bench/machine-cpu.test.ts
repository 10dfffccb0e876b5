// bench:suite's account of how quiet the cores were: /proc/stat's aggregate line read as the kernel
// writes it, and what ran beside a measured run.
import { expect, it } from "vitest";
import { besideTheRun, machineCpu, parseProcStat } from "../../../scripts/bench/machine-cpu";

// As a 2-processor Linux machine writes it (user nice system idle iowait irq softirq steal guest guest_nice).
const PROC_STAT = ["cpu  10362114 178688 2201905 3237636 43376 0 35025 7909 0 0", "cpu0 5134596 87775 1068075 1719795 8599 0 9282 3997 0 0", "intr 1 2 3"].join("\n");

it("reads busy and stolen seconds from the aggregate line, in USER_HZ (100 a second)", () => {
  // user + nice + system + irq + softirq, not idle nor iowait.
  expect(parseProcStat(PROC_STAT)).toEqual({ busyS: (10362114 + 178688 + 2201905 + 0 + 35025) / 100, stealS: 79.09 });
  expect(parseProcStat("intr 1 2 3")).toBeUndefined();
});

it("counts what ran beside the run: the machine's busy time less the run's own, and the steal", () => {
  const start = { busyS: 1000, stealS: 5 };
  expect(besideTheRun(start, { busyS: 2100, stealS: 7.5 }, 1050)).toEqual({ othersS: 50, stealS: 2.5 });
  // Counted at different instants and rates, the run's own can exceed the machine's by a tick: never below nothing.
  expect(besideTheRun(start, { busyS: 2000, stealS: 5 }, 1000.3).othersS).toBe(0);
});

it.skipIf(process.platform !== "linux")("reads this machine's counts", () => {
  expect(machineCpu()?.busyS).toBeGreaterThan(0);
});
