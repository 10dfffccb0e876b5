// The ServiceAccount resource against the emulator over real HTTP: made as W&B's reference
// documents it (wandb/docs#2641), read among its teams' members, never changed, left in W&B by a destroy.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { serviceAccount, type ServiceAccountInputs } from "../../../provider/resources/service-account";
import { adminRequest, clearFaults, readLog, readState, resetLog, setFaults } from "../../../scripts/emulator-api";
import { checkedInputs, droppedOutput, keptOutput, nextOperation, operationFor } from "../../support/provider";
import { createTeamOutOfBand, memberIdsOf, startTeamEmulator, type Deployment } from "../../support/teams";
import { unique } from "../../support/names";
import type { Operation } from "../../../provider/operation";
import { declaredOf, outsideCodeOf, usersToDeactivate } from "../../../model/outside-code";

let operation: Operation;
const checked = (news: Record<string, unknown>) => checkedInputs<ServiceAccountInputs>(operation, serviceAccount, news);

/** The emulator's record of an account: its scope as W&B holds it, which no SCIM read shows. */
const heldAccount = async (emu: RunningEmulator, id: string) =>
  ((await readState(emu)).serviceAccounts as { id: string; name: string; accountType: string; apiKey?: string }[]).find((account) => account.id === id);

describe.each(["dedicated", "saas"] as Deployment[])("ServiceAccount on %s", (deployment) => {
  let emu: RunningEmulator;
  let team: { id: string; name: string };

  beforeAll(async () => {
    emu = await startTeamEmulator("wandb", deployment);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = operationFor(emu);
    await clearFaults(emu);
    const name = unique("sa-team");
    team = { id: await createTeamOutOfBand(emu, name, []), name };
  });

  it("check names the failing property before any request", async () => {
    await resetLog(emu);
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: "team", defaultTeam: "t" }, "name"],
      [{ name: " ", scope: "team", defaultTeam: "t" }, "name"],
      [{ name: "bot", scope: "robot", defaultTeam: "t" }, "scope"],
      [{ name: "bot", scope: "team" }, "defaultTeam"],
      [{ name: "bot", scope: "team", defaultTeam: "t", apiKey: "x" }, "apiKey"],
      [{ name: "bot", scope: "team", defaultTeam: "t", teams: ["u"] }, "teams"],
    ];
    for (const [news, property] of cases) {
      const result = await serviceAccount.check(operation, {}, news);
      expect(result.failures?.map((f) => f.property), JSON.stringify(news)).toEqual([property]);
    }
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("makes a team-scoped account in its default team, reads it there, and a destroy sends nothing and leaves it", async () => {
    const name = unique("ci-bot");
    const made = await serviceAccount.create(operation, await checked({ name, scope: "team", defaultTeam: team.name }));
    expect(made.outs).toEqual({ name, scope: "team", defaultTeam: team.name, teamIds: [team.id] });
    expect(await memberIdsOf(emu, team.id)).toContain(made.id);
    expect(await heldAccount(emu, made.id)).toEqual({ id: made.id, name, accountType: "SERVICE" });

    const read = await serviceAccount.read(nextOperation(operation), made.id, made.outs);
    expect(read).toEqual({ id: made.id, props: made.outs });

    const output = keptOutput();
    await resetLog(emu);
    await serviceAccount.delete(operationFor(emu, {}, output.sink), made.id, made.outs);
    expect((await readLog(emu)).counters.total).toBe(0);
    expect(output.lines.map(({ line }) => line).join("\n")).toMatch(new RegExp(`service account "${name}" .* left in W&B: no documented SCIM request deletes a service account. Delete it in the W&B App`));
    expect(await heldAccount(emu, made.id)).toBeDefined();
  });

  it("drops the teams its operation listed when it makes an account: the account joins them, which the answer does not show", async () => {
    expect(await operation.directory().teamsContaining("not-yet-made")).toEqual([]);
    const made = await serviceAccount.create(operation, await checked({ name: unique("listed-bot"), scope: "team", defaultTeam: team.name }));
    expect((await operation.directory().teamsContaining(made.id)).map((listed) => listed.id)).toEqual([team.id]);
  });

  it("makes an organization-scoped account (ORG_SERVICE), which a team made later lists too", async () => {
    const made = await serviceAccount.create(operation, await checked({ name: unique("org-bot"), scope: "organization", defaultTeam: team.name }));
    expect((await heldAccount(emu, made.id))?.accountType).toBe("ORG_SERVICE");
    const later = await createTeamOutOfBand(emu, unique("later"), []);
    const read = await serviceAccount.read(nextOperation(operation), made.id, made.outs);
    expect(read.props?.teamIds).toEqual([team.id, later].sort());
  });

  it("imports by id: the name from its team, scope and default team assumed and said once (W&B shows neither), a declaration taken as it is", async () => {
    const name = unique("imported");
    const made = await serviceAccount.create(operation, await checked({ name, scope: "organization", defaultTeam: team.name }));
    const output = keptOutput();
    const imported = await serviceAccount.read(operationFor(emu, {}, output.sink), made.id, undefined);
    const lines = output.lines.map(({ severity, line }) => `${severity}: ${line}`);
    // In its one team: that team, and a team-scoped account, which this one is not.
    expect(imported).toEqual({ id: made.id, props: { name, teamIds: [team.id] }, inputs: { name, scope: "team", defaultTeam: team.name } });
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^warning: service account "${name}" .* scope "team" and defaultTeam "${team.name}", assumed\\. An import records`))]);
    // Declared otherwise, or as the import assumed: no change, so nothing is replaced.
    for (const scope of ["organization", "team"]) {
      const declared = await checked({ name, scope, defaultTeam: team.name });
      expect(await serviceAccount.diff(operation, made.id, imported.props!, declared)).toEqual({ changes: false });
    }
    // A refresh that finds it in another team records the teams only: the inputs the import recorded stay.
    const laterName = unique("later");
    const later = await createTeamOutOfBand(emu, laterName, []);
    const refreshed = await serviceAccount.read(nextOperation(operation), made.id, imported.props!);
    expect(refreshed).toEqual({ id: made.id, props: { name, teamIds: [team.id, later].sort() } });
    // Imported now, in several teams: the first by name, organization-scoped.
    const again = await serviceAccount.read(operationFor(emu, {}, droppedOutput), made.id, undefined);
    expect(again.inputs).toEqual({ name, scope: "organization", defaultTeam: [team.name, laterName].sort()[0] });
  });

  it("diff: every change replaces it (no PATCH or PUT), created before the old one is dropped; the name compares ignoring case", async () => {
    const olds = { name: "ci-bot", scope: "team" as const, defaultTeam: "ml", teamIds: ["t1"] };
    const diff = (news: Record<string, unknown>) => checked(news).then((inputs) => serviceAccount.diff(operation, "sa", olds, inputs));
    expect(await diff({ name: "CI-Bot", scope: "team", defaultTeam: "ml" })).toEqual({ changes: false });
    expect(await diff({ name: "ci-bot-2", scope: "team", defaultTeam: "ml" })).toEqual({ changes: true, replaces: ["name"] });
    expect(await diff({ name: "ci-bot", scope: "organization", defaultTeam: "ml" })).toEqual({ changes: true, replaces: ["scope"] });
    expect(await diff({ name: "ci-bot", scope: "team", defaultTeam: "other" })).toEqual({ changes: true, replaces: ["defaultTeam"] });
  });

  it("is never a user: the listing of users, the outside-code report and its deactivations leave it out; its team counts it as a service account", async () => {
    const made = await serviceAccount.create(operation, await checked({ name: unique("never-a-user"), scope: "organization", defaultTeam: team.name }));
    const listed = await nextOperation(operation).directory().listed();
    expect(listed.users.map((user) => user.id)).not.toContain(made.id);
    const declared = declaredOf({ users: [], admins: [], teams: {}, emails: {}, customRoles: [], idpTeams: {} });
    const report = outsideCodeOf(declared, listed, { ignore: [] });
    expect(report.users.map((user) => user.userName)).not.toContain(made.outs.name);
    // The team holds no user: each of its members (this account, and the organization service accounts W&B adds to a new team) is counted as a service account.
    const members = await memberIdsOf(emu, team.id);
    expect(members).toContain(made.id);
    expect(report.teams.find((each) => each.name === team.name)).toMatchObject({ members: [], serviceAccounts: members.length });
    const policy = { users: "deactivate" as const, teams: "report" as const, customRoles: "report" as const, usersFrom: "code" as const, ignore: [] };
    expect(usersToDeactivate(report, policy, declared, undefined).map((user) => user.userName)).not.toContain(made.outs.name);
  });

  it("a read finds no team listing it: gone", async () => {
    expect(await serviceAccount.read(operation, "no-such-account", { name: "x", scope: "team", defaultTeam: team.name, teamIds: [team.id] })).toEqual({});
  });

  it("an unknown default team fails naming defaultTeam before the POST; a name in use says how to go on", async () => {
    await resetLog(emu);
    await expect(serviceAccount.create(operation, await checked({ name: unique("x"), scope: "team", defaultTeam: unique("no-team") }))).rejects.toThrow(
      /^defaultTeam: there is no team named/,
    );
    expect((await readLog(emu)).requests.filter((request) => request.method === "POST")).toEqual([]);
    const name = unique("taken");
    await serviceAccount.create(operation, await checked({ name, scope: "team", defaultTeam: team.name }));
    await expect(serviceAccount.create(nextOperation(operation), await checked({ name, scope: "team", defaultTeam: team.name }))).rejects.toThrow(
      /^name: a service account or user named .* already exists in W&B\. If it is the service account this one replaces, delete it in the W&B App/,
    );
  });

  it("a create whose answer is lost finds the account it made among its team's members", async () => {
    const name = unique("lost");
    await setFaults(emu, { dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }] });
    const made = await serviceAccount.create(operation, await checked({ name, scope: "team", defaultTeam: team.name }));
    expect((await heldAccount(emu, made.id))?.name).toBe(name);
    expect((await readState(emu)).serviceAccounts.filter((account: { name: string }) => account.name === name)).toHaveLength(1);
  });
});

describe("teams (multi-tenant cloud only)", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTeamEmulator("wandb", "saas");
  });
  afterAll(async () => emu?.close());

  it("joins every team listed, defaultTeam among them; teams without defaultTeam is refused at check", async () => {
    operation = operationFor(emu);
    const [a, b] = [unique("a"), unique("b")];
    const ids = [await createTeamOutOfBand(emu, a, []), await createTeamOutOfBand(emu, b, [])];
    const refused = await serviceAccount.check(operation, {}, { name: "x", scope: "team", defaultTeam: a, teams: [b] });
    expect(refused.failures).toEqual([{ property: "teams", reason: expect.stringContaining(`must include defaultTeam "${a}"`) }]);
    const made = await serviceAccount.create(operation, await checked({ name: unique("two"), scope: "team", defaultTeam: a, teams: [a, b] }));
    expect(made.outs.teamIds).toEqual([...ids].sort());
    for (const id of ids) expect(await memberIdsOf(emu, id)).toContain(made.id);
    const answer = await adminRequest(emu, "GET", `/scim/Users/${made.id}`);
    expect(answer.status).toBe(404);
  });
});
