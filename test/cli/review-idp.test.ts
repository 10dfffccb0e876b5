// The access review of what the identity provider owns (issue 41), on previews recorded through both
// doors in one stack by test/lifecycle/idp-owned.test.ts: a team of `membersFrom: idp` is reported
// only where its members differ from the roster's list, and as information, apart from what is
// outside code; `--drift`'s heading says what the review found; a team and users the roster drops,
// or a destroy, leave as W&B holds them are shown so, never as removals; nor is recording membersFrom.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bothDoorsFixture } from "../support/review-fixtures";
import { reviewOf } from "../support/review";

const DOORS = ["dynamic", "plugin"] as const;

/** The sections of a review, by heading; the text above them as "". */
const sections = (review: string) => {
  const [top = "", ...rest] = review.split(/^### /m);
  return { "": top, ...Object.fromEntries(rest.map((section) => [section.slice(0, section.indexOf("\n")), section])) } as Record<string, string | undefined>;
};

const recorded = z.looseObject({
  steps: z.array(z.looseObject({ oldState: z.looseObject({ outputs: z.record(z.string(), z.unknown()).optional() }).nullish(), newState: z.looseObject({ outputs: z.record(z.string(), z.unknown()).optional() }).nullish() })),
});
type Report = { users: unknown[]; idpTeams: { name: string; members: string[]; notInRoster: string[]; notInTeam: string[] }[] };

/** The recorded drift preview, each roster record's report changed by `edit`. */
function driftWith(edit: (report: Report) => void): string {
  const preview = recorded.parse(JSON.parse(bothDoorsFixture("idp-drift")));
  for (const step of preview.steps) for (const state of [step.oldState, step.newState]) if (state?.outputs?.["outside"]) edit(state.outputs["outside"] as Report);
  return JSON.stringify(preview);
}

describe("review --drift right after an adoption whose rosters have teams of membersFrom: idp", () => {
  it("heads it as no change when nothing differs, and tells only the team whose members differ from the roster's list, apart from outside code", async () => {
    const review = await reviewOf(bothDoorsFixture("idp-drift"), ["--drift"]);
    expect(review).toMatch(/^## No access changed outside code\n\nThe organization is as the code declares it\.\n/);
    expect(review).not.toContain("differs from the code");
    const found = sections(review);
    expect(found["Outside code"]?.match(/^- nothing: W&B holds only what the roster declares$/gm)).toHaveLength(2);
    expect(found["The identity provider's part"]).toMatch(/differs from the roster's lists, .*Information only: Pulumi never writes it, and it is never drift/);
    for (const door of DOORS) expect(found["The identity provider's part"]).toContain(`**acme-${door}**\n\n- team desk-${door}: in the team, not in the roster's list: bo-${door}\n`);
    // lab's members are the roster's list: nowhere.
    expect(review).not.toContain("lab-");
  });

  it("with no team differing, has no section for the identity provider at all", async () => {
    const review = await reviewOf(driftWith((report) => report.idpTeams.forEach((team) => (team.notInRoster = []))), ["--drift"]);
    expect(review).not.toContain("identity provider");
    expect(review).toContain("## No access changed outside code");
  });

  it("heads it as access outside code when W&B holds what a roster does not declare, and as a difference when access differs", async () => {
    const outside = await reviewOf(driftWith((report) => report.users.push({ userName: "eve", email: "eve@acme.example" })), ["--drift"]);
    expect(outside).toMatch(/^## Access outside code\n\nWhat the code declares is as declared; W&B also holds access the roster does not declare \(below, in Outside code\)\.\n/);
    expect(sections(outside)["Outside code"]).toContain("- user eve (eve@acme.example)\n");
    const changed = await reviewOf(bothDoorsFixture("idp-dropped"), ["--drift"]);
    expect(changed).toMatch(/^## Access changed outside code\n\nThe organization differs from the code\./);
  });

  it("a pull request's review keeps its heading whatever it finds", async () => {
    expect(await reviewOf(bothDoorsFixture("idp-drift"))).toMatch(/^## Access review\n/);
  });
});

describe("the review of what a roster drops that the identity provider owns", () => {
  const TEAM_LEFT = "no longer managed; left in W&B as it is, with its members: they are the identity provider's (membersFrom: idp)";
  const USER_LEFT = "stays in the organization: the identity provider creates and removes the users (usersFrom: idp)";

  it("a dropped team of membersFrom: idp is left as it is, and a dropped user of usersFrom: idp stays: no removal, no access lost", async () => {
    const review = await reviewOf(bothDoorsFixture("idp-dropped"));
    const found = sections(review);
    expect(found[""]).toContain("**Totals:** 0 people gain or lose access (0 joining the organization, 0 leaving it); 0 teams with members added or removed;");
    for (const door of DOORS) {
      expect(found["Teams"]).toContain(`- **lab-${door}**: ${TEAM_LEFT}\n`);
      expect(found["People"]).toContain(`- **dee-${door}**\n  - ${USER_LEFT}\n`);
      expect(found["Guard rails"]).toContain(`- acme-${door}: passed: removes nobody; wandb:maxRemovalFraction is 25%\n`);
    }
    expect(review).not.toMatch(/: removed|leaves team|leaves the organization/);
  });

  it("the first preview of a stack an earlier release recorded, whose Teams record membersFrom, changes no one's teams", async () => {
    const review = await reviewOf(bothDoorsFixture("idp-upgraded"));
    expect(sections(review)[""]).toContain("**Totals:** 0 people gain or lose access (0 joining the organization, 0 leaving it); 0 teams with members added or removed; 0 custom roles changed. Resources: 2 to update.");
    expect(review).not.toMatch(/### People|### Teams/);
    expect(review).toContain("No access changes.");
  });

  it("a destroy of a stack an earlier release recorded (its teams without membersFrom) leaves the teams and the users as they are", async () => {
    const review = await reviewOf(bothDoorsFixture("idp-destroyed"));
    const found = sections(review);
    for (const door of DOORS) {
      expect(found["Teams"]).toContain(`- **desk-${door}**: ${TEAM_LEFT}\n`);
      for (const user of ["ana", "bo"]) expect(found["People"]).toContain(`- **${user}-${door}**\n  - ${USER_LEFT}\n`);
    }
    expect(review).not.toMatch(/: removed|leaves team|leaves the organization/);
  });
});
