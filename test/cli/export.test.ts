// `pulumi-wandb export` against an organization made by hand: what the roster and the import file
// hold on each reading of the wire, `--only` and `--exclude`, list requests only, and the key in
// nothing it writes or prints.
import { lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { parseRoster } from "../../model/roster/roster";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";
import { organizationMadeByHand } from "../support/organization-by-hand";

const read = (folder: string, file: string) => readFileSync(path.join(folder, file), "utf8");
const importedNames = (folder: string, file: string) =>
  (JSON.parse(read(folder, file)) as { resources: { type: string; name: string }[] }).resources.map(({ type, name }) => `${type.split(":").pop()} ${name}`);

describe.each([
  { wire: "documented wire", userRolesOnGet: "omitted" },
  { wire: "roles shown", userRolesOnGet: "shown" },
] as const)("pulumi-wandb export ($wire)", ({ userRolesOnGet }) => {
  let emulator: RunningEmulator;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: organizationMadeByHand(), userRolesOnGet });
    env = exportEnvironment(emulator);
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("lists each collection once, writes nothing, and writes the organization as a roster and an import file", async () => {
    const folder = scratchFolder();
    await resetLog(emulator);
    const run = await runCommand(["export", "--roster", "roster.yaml", "--import-file", "import.json"], env, folder);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const log = await readLog(emulator);
    expect(log.counters.writes).toBe(0);
    expect(log.counters.byMethod).toEqual({ GET: 3 });
    expect(run.out[0]).toBe(`listed 5 users, 3 teams and 2 custom roles from ${emulator.url} in 3 requests`);

    const text = read(folder, "roster.yaml");
    const roster = parseRoster(text, "roster.yaml");
    expect(roster.users.map((user) => user.userName)).toEqual(["admin", "ana", "Bo.Chen", "breakglass-admin", "cy"]);
    // The service account in research is no user, and no member.
    expect(text).not.toContain("ci-bot");
    expect(roster.teams.map((team) => [team.name, team.members])).toEqual([
      ["empty-team", []],
      ["ML Platform", ["admin", "cy"]],
      ["research", ["ana", "Bo.Chen"]],
    ]);
    expect(roster.customRoles).toEqual([
      { name: "Auditor", inheritedFrom: "viewer", permissions: ["project:update"] },
      { name: "Run operator", description: "Members who may stop and delete runs", inheritedFrom: "member", permissions: ["run:delete"] },
    ]);
    const raw = parse(text) as { users: Record<string, unknown>[] };
    if (userRolesOnGet === "omitted") {
      // No role is guessed: each is a comment for the reviewer, where the role goes. The user the key
      // acts as is known to be an admin (SCIM answers only an admin's key), and says why.
      expect(raw.users.filter((user) => "organizationRole" in user)).toEqual([expect.objectContaining({ userName: "admin", organizationRole: "admin" })]);
      expect(text).toMatch(/^ {4}organizationRole: admin {2}# the user this key acts as: only an organization admin's key is answered by SCIM$/m);
      expect(text.match(/^ {4}# organizationRole: not shown by the service/gm)).toHaveLength(4);
      expect(text.match(/^ {4}# roles: not shown by the service/gm)).toHaveLength(2);
      expect(text).toMatch(/^# registryRoles: not shown by the service/m);
    } else {
      expect(Object.fromEntries(roster.users.map((user) => [user.userName, user.organizationRole]))).toEqual({
        admin: "admin", ana: "member", "Bo.Chen": "Run operator", "breakglass-admin": "admin", cy: "member",
      });
      expect(Object.fromEntries(roster.teams.map((team) => [team.name, team.roles]))).toEqual({
        "empty-team": {}, "ML Platform": { cy: "Run operator" }, research: { ana: "admin" },
      });
      expect(roster.registryRoles).toEqual([{ user: "Bo.Chen", registry: "models", role: "admin" }]);
      expect(text).not.toContain("not shown");
    }

    const state = (await readState(emulator)) as { users: { id: string; userName: string }[] };
    const idOf = (userName: string) => state.users.find((user) => user.userName === userName)?.id;
    const entries = (JSON.parse(read(folder, "import.json")) as { resources: { type: string; name: string; id: string }[] }).resources;
    expect(entries.map(({ type, name }) => `${type} ${name}`)).toEqual([
      "wandb:index:User user-admin", "wandb:index:User user-ana", "wandb:index:User user-bo-chen",
      "wandb:index:User user-breakglass-admin", "wandb:index:User user-cy",
      "wandb:index:Team team-empty-team", "wandb:index:Team team-ml-platform", "wandb:index:Team team-research",
      "wandb:index:CustomRole role-auditor", "wandb:index:CustomRole role-run-operator",
    ]);
    expect(entries.find((entry) => entry.name === "user-bo-chen")?.id).toBe(idOf("Bo.Chen"));

    // The same organization gives the same files.
    const again = scratchFolder();
    await runCommand(["export", "--roster", "roster.yaml", "--import-file", "import.json"], env, again);
    expect(read(again, "roster.yaml")).toBe(text);
    expect(read(again, "import.json")).toBe(read(folder, "import.json"));
  });

  it("--admins writes the admins it lists, from a list or a file, and refuses a name it cannot place", async () => {
    const folder = scratchFolder();
    writeFileSync(path.join(folder, "admins.txt"), "# from the web application's user list\nBREAKGLASS@example.com\n\n");
    const run = await runCommand(["export", "--roster", "roster.yaml", "--admins", "admins.txt"], env, folder);
    expect(run.err).toEqual([]);
    const users = parseRoster(read(folder, "roster.yaml"), "roster.yaml").users;
    expect(users.find((user) => user.userName === "breakglass-admin")?.organizationRole).toBe("admin");
    expect(users.find((user) => user.userName === "ana")?.organizationRole).toBe("member");
    if (userRolesOnGet === "omitted") expect(read(folder, "roster.yaml")).toContain("organizationRole: admin  # listed by --admins");

    const typo = await runCommand(["export", "--roster", "typo.yaml", "--admins", "breakglass-admin,anna"], env, folder);
    expect(typo.code).toBe(2);
    expect(typo.err[0]).toBe('pulumi-wandb export: --admins names "anna", whom W&B does not list: check the spelling');
    // Issue 46: a name --exclude left out was said to be misspelt.
    const excluded = await runCommand(["export", "--roster", "excluded.yaml", "--exclude", "breakglass-*", "--admins", "ana,Breakglass-Admin"], env, folder);
    expect(excluded.code).toBe(2);
    expect(excluded.err).toEqual(['pulumi-wandb export: --admins names "Breakglass-Admin", excluded by --exclude "breakglass-*": a roster holds no one it leaves out']);
    const importOnly = await runCommand(["export", "--import-file", "import.json", "--admins", "ana"], env, folder);
    expect(importOnly.code).toBe(2);
    expect(importOnly.err[0]).toContain("--admins is written into a roster: give --roster <file> as well");
    if (userRolesOnGet === "shown") {
      const shownOtherwise = await runCommand(["export", "--roster", "shown.yaml", "--admins", "ana"], env, folder);
      expect(shownOtherwise.code).toBe(2);
      expect(shownOtherwise.err[0]).toContain('--admins names ana (the service shows "member")');
    }
    expect(readdirSync(folder).sort()).toEqual(["admins.txt", "roster.yaml"]);
  });

  it("--only writes only the kinds named", async () => {
    const folder = scratchFolder();
    const roles = await runCommand(["export", "--only", "roles", "--roster", "roles.yaml", "--import-file", "roles.json"], env, folder);
    expect(roles.code).toBe(0);
    const roster = parseRoster(read(folder, "roles.yaml"));
    expect([roster.users, roster.teams, roster.customRoles.map((role) => role.name)]).toEqual([[], [], ["Auditor", "Run operator"]]);
    expect(importedNames(folder, "roles.json")).toEqual(["CustomRole role-auditor", "CustomRole role-run-operator"]);

    // Teams without their users: an import file can (a Team imports its members as emails), a roster cannot.
    const teams = await runCommand(["export", "--only", "teams", "--import-file", "teams.json"], env, folder);
    expect(teams.code).toBe(0);
    expect(importedNames(folder, "teams.json")).toEqual(["Team team-empty-team", "Team team-ml-platform", "Team team-research"]);
    const refused = await runCommand(["export", "--only", "teams", "--roster", "teams.yaml"], env, folder);
    expect(refused.code).toBe(2);
    expect(refused.err[0]).toMatch(/--only teams without users: .* add users to --only, or write only --import-file/);

    const wrong = await runCommand(["export", "--only", "users,groups", "--roster", "x.yaml"], env, folder);
    expect(wrong.code).toBe(2);
    expect(wrong.err[0]).toContain('--only: unknown kind "groups": use users, teams, roles');
    expect(readdirSync(folder).sort()).toEqual(["roles.json", "roles.yaml", "teams.json"]);
  });

  it("--exclude leaves out users by userName or email, teams and roles by name, and refuses a team it would empty of someone", async () => {
    const folder = scratchFolder();
    const run = await runCommand(["export", "--exclude", "BREAKGLASS*", "--exclude", "bo.chen@EXAMPLE.com", "--exclude", "research", "--exclude", "Audit?r", "--roster", "roster.yaml", "--import-file", "import.json"], env, folder);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('left out: 1 user excluded by --exclude "bo.chen@EXAMPLE.com"; 1 user excluded by --exclude "BREAKGLASS*"; the service accounts in teams (never written as users)');
    const roster = parseRoster(read(folder, "roster.yaml"));
    expect(roster.users.map((user) => user.userName)).toEqual(["admin", "ana", "cy"]);
    expect(roster.teams.map((team) => team.name)).toEqual(["empty-team", "ML Platform"]);
    expect(roster.customRoles.map((role) => role.name)).toEqual(["Run operator"]);
    expect(importedNames(folder, "import.json")).toEqual(["User user-admin", "User user-ana", "User user-cy", "Team team-empty-team", "Team team-ml-platform", "CustomRole role-run-operator"]);
  });

  it("refuses to write a team whose people it leaves out, since adopting it would remove them", async () => {
    const folder = scratchFolder();
    const run = await runCommand(["export", "--exclude", "cy", "--roster", "roster.yaml"], env, folder);
    expect(run.code).toBe(1);
    expect(run.err.join("\n")).toContain('team "ML Platform" holds cy (excluded by --exclude "cy"). Exclude those teams as well (--exclude <team>)');
    expect(readdirSync(folder)).toEqual([]);
  });

  it("writes and prints the key nowhere, whether it succeeds or the service refuses the key", async () => {
    const folder = scratchFolder();
    const ok = await runCommand(["export", "--roster", "roster.yaml", "--import-file", "import.json"], env, folder);
    expect(ok.code).toBe(0);
    const wrongKey = "wrong-key-but-secret-all-the-same-0000000";
    const refused = await runCommand(["export", "--roster", "refused.yaml"], { ...env, WANDB_API_KEY: wrongKey }, folder);
    expect(refused.code).toBe(1);
    expect(refused.err.join("\n")).toMatch(/401|403/);
    const written = readdirSync(folder).map((file) => read(folder, file));
    expect(written).toHaveLength(2);
    for (const text of [...written, ...ok.out, ...ok.err, ...refused.out, ...refused.err]) {
      expect(text).not.toContain(emulator.admin.apiKey);
      expect(text).not.toContain(wrongKey);
    }
  });
});

describe("pulumi-wandb export's files", () => {
  let emulator: RunningEmulator;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: organizationMadeByHand() });
    env = exportEnvironment(emulator);
  });
  afterAll(async () => {
    await closeAllPools();
    await emulator?.close();
  });

  it("replaces a file only with --force, and a link at the name, never what it points to", async () => {
    const folder = scratchFolder();
    writeFileSync(path.join(folder, "roster.yaml"), "mine\n");
    writeFileSync(path.join(folder, "elsewhere.txt"), "not to be touched\n");
    symlinkSync(path.join(folder, "elsewhere.txt"), path.join(folder, "import.json"));
    await resetLog(emulator);
    const refused = await runCommand(["export", "--roster", "roster.yaml", "--import-file", "import.json"], env, folder);
    expect(refused.code).toBe(2);
    expect(refused.err[0]).toBe("pulumi-wandb export: roster.yaml and import.json exist already: give --force to replace them, or another file name");
    expect((await readLog(emulator)).counters.total).toBe(0);

    const forced = await runCommand(["export", "--roster", "roster.yaml", "--import-file", "import.json", "--force"], env, folder);
    expect(forced.code).toBe(0);
    expect(read(folder, "roster.yaml")).toContain("users:");
    expect(lstatSync(path.join(folder, "import.json")).isSymbolicLink()).toBe(false);
    expect(read(folder, "elsewhere.txt")).toBe("not to be touched\n");
  });

  it("writes both files or neither", async () => {
    const folder = scratchFolder();
    const run = await runCommand(["export", "--roster", "roster.yaml", "--import-file", "no-such-folder/import.json"], env, folder);
    expect(run.code).toBe(1);
    expect(run.err[0]).toContain("no-such-folder");
    expect(readdirSync(folder)).toEqual([]);
  });

  it("names a malformed PULUMI_CONFIG without quoting it, before any request", async () => {
    const folder = scratchFolder();
    await resetLog(emulator);
    const run = await runCommand(["export", "--roster", "roster.yaml"], { ...env, PULUMI_CONFIG: `{"wandb:apiKey": "${emulator.admin.apiKey}` }, folder);
    expect(run.code).toBe(2);
    expect(run.err).toEqual(["pulumi-wandb export: PULUMI_CONFIG is not a JSON object of stack config, as Pulumi sets it: unset it, or run the export with the WANDB_* variables"]);
    expect((await readLog(emulator)).counters.total).toBe(0);
  });
});
