/**
 * `npm run bench:adopt -- [--users 2000] [--roles 10] [--latency-ms 0]`: bringing an existing
 * organization under code, against an emulator holding N users, N/20 teams of 20 (each with the
 * organization's service account) and custom roles, made without Pulumi, on W&B's documented wire.
 * Measures `pulumi-wandb export` (requests, seconds), then the first `pulumi up` of an Organization
 * adopting the exported roster (writes, reads, seconds) beside the same number of no-op dynamic
 * resources (the engine's floor), then a preview, and checks that a second export gives the same file.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { closeAllPools } from "../service";
import { main as command } from "../cli/main";
import { defaultSeed, startEmulator, type RunningEmulator, type Seed } from "../emulator";
import { readLog, resetLog, setFaults } from "./emulator-api";
import { emulatorConfig, installedPackage } from "./engine";
import { doorPrograms } from "./bench-programs";
import { TEAM_SIZE } from "./bench-report";
import { openBenchStack } from "./bench-stack";

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: { users: { type: "string", default: "2000" }, roles: { type: "string", default: "10" }, "latency-ms": { type: "string", default: "0" } },
  });
  const number = (flag: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} must be a whole number, got "${text}"`);
    return value;
  };
  return { users: number("users", values.users), roles: number("roles", values.roles), latencyMs: number("latency-ms", values["latency-ms"]) };
}

/** The organization as people made it: users, teams of 20 (and the service account), custom roles. */
function handMadeOrganization(users: number, roles: number): Seed {
  const seed = defaultSeed();
  const serviceAccount = seed.serviceAccounts[0]!.name;
  const userName = (i: number) => `person-${String(i).padStart(5, "0")}`;
  return {
    ...seed,
    seats: seed.users.length + users,
    users: [...seed.users, ...Array.from({ length: users }, (_, i) => ({ userName: userName(i), email: `${userName(i)}@bench.example`, displayName: `Person ${i}` }))],
    teams: Array.from({ length: Math.floor(users / TEAM_SIZE) }, (_, t) => ({
      displayName: `team-${String(t).padStart(4, "0")}`,
      members: [...Array.from({ length: TEAM_SIZE }, (_, k) => ({ user: userName(t * TEAM_SIZE + k) })), { serviceAccount }],
    })),
    roles: Array.from({ length: roles }, (_, r) => ({ name: `Role ${r}`, description: `Custom role ${r}`, inheritedFrom: "member" as const, permissions: ["run:delete"] })),
  };
}

async function exportRoster(emulator: RunningEmulator, folder: string, file: string) {
  const env = { WANDB_BASE_URL: emulator.url, WANDB_API_KEY: emulator.admin.apiKey, WANDB_USERNAME: emulator.admin.username };
  await resetLog(emulator);
  const started = performance.now();
  const code = await command(["export", "--roster", file], { out: (line) => console.log(`  export: ${line}`), err: (line) => console.error(`  export: ${line}`), env, cwd: folder, stdin: process.stdin });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`pulumi-wandb export failed with exit code ${code}`);
  return { seconds, requests: (await readLog(emulator)).counters.total, text: readFileSync(path.join(folder, file), "utf8") };
}

async function run(): Promise<void> {
  const { users, roles, latencyMs } = options();
  const teams = Math.floor(users / TEAM_SIZE);
  const emulator = await startEmulator({ port: 0, seed: handMadeOrganization(users, roles) });
  if (latencyMs > 0) await setFaults(emulator, { latency: { fixedMs: latencyMs } });
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-adopt-"));
  const wandb = installedPackage();
  const roster = path.join(folder, "roster.yaml");
  const config = emulatorConfig(emulator);
  const adopt = await openBenchStack("bench-adopt", async () => void new wandb.Organization("acme", { roster, adoptExisting: true }), config);
  const { floorDeclare } = doorPrograms("dynamic");
  const resources = users + teams + roles + 3; // the seed's own three users are exported and adopted too
  const floor = await openBenchStack("floor-adopt", async () => {
    for (let i = 0; i < resources; i++) floorDeclare("User", `r${i}`, { index: i });
  }, config);
  try {
    const first = await exportRoster(emulator, folder, "roster.yaml");
    await resetLog(emulator);
    const up = await adopt.run("up");
    const upLog = (await readLog(emulator)).counters;
    const floorUp = await floor.run("up");
    await resetLog(emulator);
    const preview = await adopt.run("preview");
    const previewRequests = (await readLog(emulator)).counters.total;
    const again = await exportRoster(emulator, folder, "again.yaml");
    const reads = upLog.total - upLog.writes;
    console.log(
      [
        "",
        `Adopting an organization made without Pulumi: ${users} users, ${teams} teams of ${TEAM_SIZE} (+ a service account each), ${roles} custom roles; ` +
          `documented wire, latency ${latencyMs} ms`,
        `| step | seconds | requests | writes | floor seconds (${resources} no-op resources) |`,
        "|---|---|---|---|---|",
        `| pulumi-wandb export | ${first.seconds.toFixed(2)} | ${first.requests} | 0 | – |`,
        `| first pulumi up (adopt ${resources} resources) | ${up.seconds.toFixed(1)} | ${upLog.total} (${reads} reads: ${JSON.stringify(upLog.byMethod)}) | ${upLog.writes} | ${floorUp.seconds.toFixed(1)} |`,
        `| pulumi preview after it | ${preview.seconds.toFixed(1)} | ${previewRequests} | 0 | – |`,
        `Second export identical to the first: ${again.text === first.text ? "yes" : "NO"}`,
      ].join("\n"),
    );
    if (upLog.writes !== 0 || again.text !== first.text) process.exitCode = 1;
  } finally {
    await adopt.dispose();
    await floor.dispose();
    await closeAllPools();
    await emulator.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
