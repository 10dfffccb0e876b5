/**
 * `npm run bench:members`: one OrganizationMembers of N people, in-process against the emulator
 * (the provider's calls as either door serves them, no engine): the state it records per person,
 * and the requests and time of its create, of a change to one person, of a refresh and of its
 * delete. What the engine adds per resource is the stack's business (`npm run bench`).
 */
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { KINDS } from "../../provider/kinds";
import { Operation } from "../../provider/operation";
import { closeAllPools } from "../../service";
import { readLog, resetLog, setFaults } from "../emulator-api";
import { readCommandLine, wholeNumber } from "./command-line";

const MEMBERS_COMMAND = {
  run: "npm run bench:members --",
  summary:
    "One OrganizationMembers of --users people, in-process against the emulator (dedicated): the bytes of state it records per person " +
    "(its inputs and its outputs, as the engine stores both), and the requests and time of its create, of a change to one person, of a " +
    "refresh and of its delete, at --latency ms per request and wandb:maxConcurrency --concurrency.",
  flags: {
    users: { value: "N", default: "1000", description: "the people in the set" },
    latency: { value: "MS", default: "0", description: "the emulator's latency per request" },
    concurrency: { value: "N", default: "8", description: "wandb:maxConcurrency (the provider's requests in flight)" },
  },
};

const calls = KINDS.OrganizationMembers;

/** A new engine operation, as a new provider process serves one. */
function operationFor(emu: RunningEmulator, concurrency: number): Operation {
  const stackConfig = { baseUrl: emu.url, apiKey: emu.admin.apiKey, username: emu.admin.username, deployment: emu.deployment, maxConcurrency: String(concurrency) };
  // What the provider tells the user is not measured.
  return new Operation({ stackConfig, sharedWithProject: false }, () => undefined);
}

/** Runs `step`, with the requests it sent and how long it took. */
async function measured<T>(emu: RunningEmulator, step: () => Promise<T>): Promise<{ result: T; requests: number; writes: number; ms: number }> {
  await resetLog(emu);
  const started = performance.now();
  const result = await step();
  const ms = performance.now() - started;
  const { counters } = await readLog(emu);
  return { result, requests: counters.total, writes: counters.writes, ms };
}

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

async function main(): Promise<void> {
  const flags = readCommandLine(MEMBERS_COMMAND, process.argv.slice(2));
  if (flags === undefined) return;
  const users = wholeNumber(MEMBERS_COMMAND, "users", flags.users, 1);
  const latency = wholeNumber(MEMBERS_COMMAND, "latency", flags.latency);
  const concurrency = wholeNumber(MEMBERS_COMMAND, "concurrency", flags.concurrency, 1);
  const emu = await startEmulator({ port: 0, deployment: "dedicated", seed: { ...defaultSeed(), seats: users + 100 } });
  try {
    if (latency > 0) await setFaults(emu, { latency: { fixedMs: latency } });
    const members = Object.fromEntries(
      Array.from({ length: users }, (_, i) => [`bench-person-${i}`, { email: `bench-person-${i}@bench.example`, displayName: `Person ${i}`, organizationRole: "member" }]),
    );
    let operation = operationFor(emu, concurrency);
    const checked = await calls.check(operation, {}, { members });
    if (checked.failures?.length) throw new Error(`check failed: ${JSON.stringify(checked.failures.slice(0, 3))}`);
    const inputs = checked.inputs as Record<string, unknown>;

    const created = await measured(emu, () => calls.create(operation, inputs));
    const { id, outs } = created.result;
    const perPerson = { inputs: bytes(inputs) / users, outputs: bytes(outs) / users };

    operation = operationFor(emu, concurrency);
    const changed = { ...members, "bench-person-0": { ...members["bench-person-0"], displayName: "Someone" } };
    const checkedChange = await measured(emu, () => calls.check(operation, inputs, { members: changed }));
    const news = checkedChange.result.inputs;
    const diffed = await measured(emu, () => calls.diff(operation, id, outs, news));
    const updated = await measured(emu, () => calls.update(operation, id, outs, news));

    operation = operationFor(emu, concurrency);
    const refreshed = await measured(emu, () => calls.read(operation, id, updated.result.outs));

    operation = operationFor(emu, concurrency);
    const deleted = await measured(emu, () => calls.delete(operation, id, updated.result.outs));

    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`OrganizationMembers of ${users} people, in-process, ${latency} ms latency, maxConcurrency ${concurrency}`);
    // The file backend writes the checkpoint as compact JSON, inputs and outputs both.
    console.log(`state per person: ${perPerson.inputs.toFixed(0)} B of inputs + ${perPerson.outputs.toFixed(0)} B of outputs = ${(perPerson.inputs + perPerson.outputs).toFixed(0)} B of JSON`);
    console.log(`create: ${created.requests} requests (${created.writes} writes) in ${seconds(created.ms)}`);
    console.log(`check of a one-person change: ${checkedChange.requests} requests in ${seconds(checkedChange.ms)}`);
    console.log(`diff of a one-person change: ${diffed.requests} requests in ${seconds(diffed.ms)}, ${Object.keys(diffed.result.detailedDiff ?? {}).join(", ")}`);
    console.log(`update of that person: ${updated.requests} requests (${updated.writes} writes) in ${seconds(updated.ms)}`);
    console.log(`refresh: ${refreshed.requests} requests in ${seconds(refreshed.ms)}`);
    console.log(`delete: ${deleted.requests} requests (${deleted.writes} writes) in ${seconds(deleted.ms)}`);
  } finally {
    await emu.close();
    await closeAllPools();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
