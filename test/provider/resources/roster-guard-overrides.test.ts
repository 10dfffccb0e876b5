// The guard rails' one-run overrides at the Organization's record (RosterGuard), in process against
// the emulator, its inputs made from a roster as the program makes them (model/organization's
// guardRecordOf): a change that removes 30% of a team, demotes the last admins and demotes the user
// the provider acts as is refused at check (preview), each naming its override; with the three
// overrides in the environment of the provider's process, as `WANDB_MAX_REMOVAL_FRACTION=1
// WANDB_MIN_ADMINS=0 WANDB_PROTECT_SELF=false pulumi up` gives them, the same check lets it through.
// Moved here from test/lifecycle/guard-rails.test.ts, which shows the refusals through the engine and
// one override (WANDB_MAX_REMOVAL_FRACTION) reaching the provider's process at an up.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../../emulator";
import { guardRecordOf, planOrganization } from "../../../model/organization";
import { rosterGuard } from "../../../provider/resources/roster-guard";
import { droppedOutput, operationFor } from "../../support/provider";

const ten = Array.from({ length: 10 }, (_, i) => `u${i}`);
const OVERRIDES = { WANDB_MAX_REMOVAL_FRACTION: "1", WANDB_MIN_ADMINS: "0", WANDB_PROTECT_SELF: "false" };

describe("the guard rails' one-run overrides at the record's check", () => {
  let emulator: RunningEmulator;
  /** Ten members in research; two admins, one of them the user the provider acts as; `changed`: 3 members out and both admins demoted. */
  const recordOf = (changed: boolean) => {
    const admin = (userName: string) => ({ userName, email: `${userName}@acme.example`, ...(changed ? {} : { organizationRole: "admin" }) });
    const roster = {
      users: [admin(emulator.admin.username), admin("ada"), ...ten.map((u) => ({ userName: u, email: `${u}@acme.example` }))],
      teams: [{ name: "research", members: changed ? ten.slice(3) : ten }],
    };
    return { ...guardRecordOf("acme", planOrganization("acme", { roster }, () => emulator.deployment)), stackUsers: [] };
  };
  const refusalsOfTheChange = async () => {
    const checked = await rosterGuard.check(operationFor(emulator, {}, droppedOutput), recordOf(false), recordOf(true));
    return (checked.failures ?? []).map((failure) => failure.reason).join("\n");
  };

  beforeAll(async () => {
    // The roster's people are in W&B: the record judges what W&B still lists.
    const people = ["ada", ...ten].map((userName) => ({ userName, email: `${userName}@acme.example`, organizationRole: userName === "ada" ? "admin" : "member" }));
    emulator = await startEmulator({ port: 0, seed: { ...defaultSeed(), users: [...defaultSeed().users, ...people] } });
  });
  afterAll(() => emulator?.close());
  afterEach(() => {
    for (const name of Object.keys(OVERRIDES)) delete process.env[name];
  });

  it("refuses the change, naming each override", async () => {
    const refusals = await refusalsOfTheChange();
    expect(refusals).toContain("removes 3 of 10 members of team research (30%)");
    expect(refusals).toContain("`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up`");
    expect(refusals).toContain("`WANDB_MIN_ADMINS=0 pulumi up`");
    expect(refusals).toContain(`this change demotes ${emulator.admin.username}, the user the provider acts as (wandb:username)`);
    expect(refusals).toContain("`WANDB_PROTECT_SELF=false pulumi up`");
  });

  it("judges against the users W&B lists: those an earlier run removed already (under --target) are no removal of this change", async () => {
    const gone = ten.slice(0, 3);
    const operation = operationFor(emulator, {}, droppedOutput);
    const scim = operation.clients().scim;
    for (const user of (await scim.listUsers()).filter((listed) => gone.includes(listed.userName))) await scim.deleteUser(user.id);
    const refusals = await refusalsOfTheChange();
    expect(refusals).not.toContain("members of team research");
    expect(refusals).toContain(`this change demotes ${emulator.admin.username}, the user the provider acts as (wandb:username)`);
  });

  it("lets the same change through with the three overrides in the provider's environment", async () => {
    Object.assign(process.env, OVERRIDES);
    expect(await refusalsOfTheChange()).toBe("");
  });
});
