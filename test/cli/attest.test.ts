// `pulumi-wandb attest` on a seeded organization: the Markdown and JSON match the committed files
// (test/cli/fixtures/attest.md and .json; CAPTURE_ATTEST_FIXTURES=1 writes them again), and are the
// same twice; three list requests, no write. With `--since` the previous attestation, after a second
// admin changed access by hand: exactly those changes, each told as made outside code or as code
// declares, with that admin and the time where W&B's audit log has them (one request more), and
// "not in W&B's audit log" for a team role and a registry role.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { defaultSeed, startEmulator, type RunningEmulator, type Seed } from "../../emulator";
import { attestationSchema } from "../../model/attestation";
import { closeAllPools } from "../../service";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { asSecondAdmin, loggedAt, SECOND_ADMIN, userId } from "../support/changes-by-hand";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";

const FIXTURES = path.join(__dirname, "fixtures");
const CAPTURE = process.env["CAPTURE_ATTEST_FIXTURES"] === "1";
/** The time the fixture's attestation is taken at. */
const TAKEN_AT = Date.parse("2026-11-20T14:00:00Z");

const person = (userName: string, extra: Partial<Seed["users"][number]> = {}) => ({ userName, email: `${userName}@acme.example`, ...extra });

/** The organization attested: people declared and not, roles of every kind, a service account of the roster and one made by hand. */
function attestedSeed(): Seed {
  const seed = defaultSeed();
  return {
    ...seed,
    serviceAccounts: [...seed.serviceAccounts, { name: "ci-bot", accountType: "SERVICE" }],
    users: [
      ...seed.users.map((user) => ({ ...user, lastActiveAt: user.userName === "admin" ? "2026-11-19T08:15:00Z" : null })),
      person("ana", { lastActiveAt: "2026-11-01T09:30:00Z", registryRoles: [{ registryName: "models", roleName: "viewer" }] }),
      person("bob", { modelsSeat: "viewer", weaveRole: "none" }),
      person("dan", { lastActiveAt: "2026-06-02T17:00:00Z" }),
      person("eve", { lastActiveAt: "2026-11-18T11:45:00Z" }),
    ],
    teams: [...(seed.teams ?? []), { displayName: "research", members: [{ user: "ana" }, { user: "dan" }, { serviceAccount: "ci-bot" }] }],
  };
}

const ROSTER = {
  users: [
    { userName: "admin", email: "admin@acme.example", organizationRole: "admin" },
    { userName: "second-admin", email: "second-admin@acme.example", organizationRole: "admin" },
    { userName: "member", email: "member@acme.example" },
    { userName: "ana", email: "ana@acme.example" },
    { userName: "dan", email: "dan@acme.example" },
    { userName: "eve", email: "eve@acme.example" },
  ],
  teams: [
    { name: "seed-team", members: ["admin", "member"], roles: { admin: "admin" } },
    { name: "research", members: ["ana", "dan", "eve"] },
  ],
  registryRoles: [{ user: "ana", registry: "models", role: "viewer" }],
  serviceAccounts: [{ name: "pulumi-automation", scope: "organization", defaultTeam: "seed-team" }],
};

describe("pulumi-wandb attest", () => {
  let emulator: RunningEmulator;
  let folder: string;
  const attest = (args: string[], now: () => number, env: Record<string, string> = {}) =>
    runCommand(["attest", "--roster", "roster.yaml", ...args], { ...exportEnvironment(emulator), ...env }, folder, "", now);
  /** What the run wrote and printed, with the emulator's address (a port that changes) as in the committed files. */
  const portless = (text: string) => text.replaceAll(emulator.url, "http://emulator.example");

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: attestedSeed(), userRolesOnGet: "shown" });
    folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), stringify(ROSTER));
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("matches the committed attestation, the same twice, from three list requests and no write", async () => {
    const runs = [];
    for (const file of ["first.json", "second.json"]) {
      await resetLog(emulator);
      const run = await attest(["--json", file], () => TAKEN_AT);
      expect(run.code, run.err.join("\n")).toBe(0);
      const { counters } = await readLog(emulator);
      expect(counters).toMatchObject({ total: 3, writes: 0 });
      expect(run.err).toEqual([`listed 9 principals from ${emulator.url} in 3 requests; wrote nothing to W&B`]);
      runs.push({ markdown: portless(`${run.out.join("\n")}\n`), json: portless(readFileSync(path.join(folder, file), "utf8")) });
    }
    expect(runs[1]).toEqual(runs[0]);
    const committed = { markdown: path.join(FIXTURES, "attest.md"), json: path.join(FIXTURES, "attest.json") };
    if (CAPTURE || !existsSync(committed.markdown)) {
      writeFileSync(committed.markdown, runs[0]?.markdown ?? "");
      writeFileSync(committed.json, runs[0]?.json ?? "");
    }
    expect(runs[0]?.markdown).toBe(readFileSync(committed.markdown, "utf8"));
    expect(runs[0]?.json).toBe(readFileSync(committed.json, "utf8"));
    attestationSchema.parse(JSON.parse(runs[0]?.json ?? ""));
  });

  it("with --since, lists exactly the changes made in between, who made them and when, from one request of the log more", async () => {
    const previous = await attest(["--json", "before.json"], Date.now);
    expect(previous.code).toBe(0);
    // What the second admin changes by hand, with that admin's key.
    const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
    const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });
    const ana = await userId(emulator, "ana");
    await asSecondAdmin(emulator, "PATCH", `/Users/${ana}`, patch({ op: "replace", path: "organizationRole", value: "admin" }));
    await asSecondAdmin(emulator, "PATCH", `/Users/${ana}`, patch({ op: "replace", path: "teamRoles", value: [{ teamName: "research", roleName: "admin" }] }));
    await asSecondAdmin(emulator, "PATCH", `/Users/${ana}`, patch({ op: "replace", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] }));
    const research = ((await asSecondAdmin(emulator, "GET", `/Groups?filter=${encodeURIComponent('displayName eq "research"')}`, undefined)) as { Resources: { id: string }[] }).Resources[0]?.id;
    for (const userName of ["bob", "eve"]) {
      await asSecondAdmin(emulator, "PATCH", `/Groups/${research}`, patch({ op: "add", path: "members", value: [{ value: await userId(emulator, userName) }] }));
    }
    await asSecondAdmin(emulator, "POST", "/Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "carol", emails: [{ value: "carol@acme.example", primary: true }] });
    await asSecondAdmin(emulator, "PATCH", `/Users/${await userId(emulator, "dan")}`, patch({ op: "replace", value: { active: false } }));

    await resetLog(emulator);
    const run = await attest(["--since", "before.json", "--json", "after.json"], Date.now, { WANDB_AUDIT_LOG: "true" });
    expect(run.code, run.err.join("\n")).toBe(0);
    expect((await readLog(emulator)).counters).toMatchObject({ total: 4, writes: 0, byRoute: { "GET /admin/audit_logs": 1 } });
    expect(run.err).toEqual([`listed 10 principals from ${emulator.url} in 3 requests, and read W&B's audit log in 1; wrote nothing to W&B`]);

    const after = attestationSchema.parse(JSON.parse(readFileSync(path.join(folder, "after.json"), "utf8")));
    const by = (said: string, at: string) => `${said} by ${SECOND_ADMIN.email}, ${at}`;
    const email = (userName: string) => (entry: { user_email?: string }) => entry.user_email === `${userName}@acme.example`;
    const NOT_LOGGED = "not in W&B's audit log";
    expect(after.since?.changes.map(({ principal, what, outsideCode, attribution }) => ({ principal, what, outsideCode, attribution }))).toEqual([
      { principal: "ana", what: "organization role member → admin", outsideCode: true, attribution: by("granted admin", await loggedAt(emulator, "organization:update_member", email("ana"))) },
      { principal: "ana", what: "team research: role member → admin", outsideCode: true, attribution: NOT_LOGGED },
      { principal: "ana", what: "registry models: role viewer → admin", outsideCode: true, attribution: NOT_LOGGED },
      { principal: "bob", what: "joined team research", outsideCode: true, attribution: by("added to the team", await loggedAt(emulator, "team:invite_user", email("bob"))) },
      { principal: "carol", what: "added to the organization", outsideCode: true, attribution: by("added", await loggedAt(emulator, "user:create", email("carol"))) },
      { principal: "dan", what: "deactivated", outsideCode: true, attribution: by("deactivated", await loggedAt(emulator, "user:deactivate", email("dan"))) },
      { principal: "eve", what: "joined team research", outsideCode: false, attribution: by("added to the team", await loggedAt(emulator, "team:invite_user", email("eve"))) },
    ]);
    const markdown = run.out.join("\n");
    expect(markdown).toContain("## Changed since the previous attestation");
    expect(markdown).toContain("7 changes, 6 made outside code");
    expect(markdown).toContain("| dan | deactivated | **outside code** |");
    expect(markdown).toContain("| eve | joined team research | as code declares |");
  });

  it("refuses a --since file that is not an attestation, before any request", async () => {
    writeFileSync(path.join(folder, "other.json"), JSON.stringify({ users: [] }));
    await resetLog(emulator);
    const run = await attest(["--since", "other.json"], Date.now);
    expect(run.code).toBe(2);
    expect(run.err.join("\n")).toContain("other.json is not an attestation (pulumi-wandb/attestation@1) of pulumi-wandb attest --json: format:");
    expect((await readLog(emulator)).counters.total).toBe(0);
  });
});

describe("pulumi-wandb attest on W&B's documented wire (no roles on GET)", () => {
  let emulator: RunningEmulator;
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("says the roles are not attested, and shows none", async () => {
    emulator = await startEmulator({ port: 0, seed: attestedSeed(), userRolesOnGet: "omitted" });
    const folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), stringify(ROSTER));
    const run = await runCommand(["attest", "--roster", "roster.yaml"], exportEnvironment(emulator), folder, "", () => TAKEN_AT);
    expect(run.code, run.err.join("\n")).toBe(0);
    const markdown = run.out.join("\n");
    expect(markdown).toContain("**Not attested:** W&B's listing shows no roles on this deployment");
    expect(markdown).toContain("| ana | user | ana@acme.example | active | not shown by W&B | – | research | not shown by W&B | 2026-11-01 | declared | – |");
  });
});
