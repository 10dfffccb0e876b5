// The access review of an OrganizationMembers: each person it adds, removes or changes is told as
// the step of a User would be, same words and same counts, so that a set of people hides no access change.
import { describe, expect, it } from "vitest";
import { reviewOf } from "../support/review";

const SET_URN = "urn:pulumi:prod::org::wandb:index:OrganizationMembers::people";
const userUrn = (name: string) => `urn:pulumi:prod::org::wandb:index:User::${name}`;
const SETTINGS = { adoptExisting: false, deletionPolicy: "delete" };

type Person = { email: string; organizationRole?: string; modelsSeat?: string; active?: boolean };
const BEFORE: Record<string, Person> = {
  ana: { email: "ana@acme.example", organizationRole: "member", modelsSeat: "full" },
  bo: { email: "bo@acme.example", organizationRole: "admin" },
  cy: { email: "cy@acme.example", organizationRole: "member" },
};
const AFTER: Record<string, Person> = {
  ana: { email: "ana@acme.example", organizationRole: "admin", modelsSeat: "viewer" },
  cy: { email: "cy@acme.example", organizationRole: "member", active: false },
  dee: { email: "dee@acme.example", organizationRole: "member" },
};

const BEFORE_PROMOTION: Record<string, Person> = { ana: BEFORE["ana"]!, bo: { email: "bo@acme.example", organizationRole: "member" } };
const AFTER_PROMOTION: Record<string, Person> = { ana: BEFORE["ana"]!, bo: { email: "bo@acme.example", organizationRole: "admin" } };

const recorded = (people: Record<string, Person>) =>
  Object.fromEntries(Object.entries(people).map(([userName, person]) => [userName, { id: `id-${userName}`, etag: "W/\"1\"", createdAt: "", active: true, ...person }]));

/** The change as one OrganizationMembers step. */
function setPreview(): string {
  const state = (members: Record<string, unknown>, outputs: Record<string, unknown>) => ({
    type: "wandb:index:OrganizationMembers",
    id: "members-1",
    inputs: { members, ...SETTINGS },
    outputs: { members: outputs, ...SETTINGS },
  });
  return JSON.stringify({
    steps: [{ op: "update", urn: SET_URN, oldState: state(BEFORE, recorded(BEFORE)), newState: state(AFTER, recorded(BEFORE)) }],
    changeSummary: { update: 1 },
  });
}

/** The same change as a User per person. */
function usersPreview(): string {
  const state = (userName: string, person: Person | undefined) =>
    person === undefined ? undefined : { type: "wandb:index:User", id: `id-${userName}`, inputs: { userName, active: true, ...person, ...SETTINGS }, outputs: { userName, active: true, ...person, ...SETTINGS, id: `id-${userName}` } };
  const steps = [...new Set([...Object.keys(BEFORE), ...Object.keys(AFTER)])].flatMap((userName) => {
    const [was, is] = [BEFORE[userName], AFTER[userName]];
    if (JSON.stringify(was) === JSON.stringify(is)) return [];
    const op = was === undefined ? "create" : is === undefined ? "delete" : "update";
    return [{ op, urn: userUrn(userName), ...(was === undefined ? {} : { oldState: state(userName, was) }), ...(is === undefined ? {} : { newState: state(userName, is) }) }];
  });
  return JSON.stringify({ steps, changeSummary: { update: 2, create: 1, delete: 1 } });
}

const section = (markdown: string, heading: string) => markdown.split(/^### /m).find((each) => each.startsWith(heading)) ?? "";
/** The access the totals count; the engine's resources they end with differ, one set against a User per person. */
const totals = (markdown: string) => /\*\*Totals:\*\*.*?(?= Resources:)/.exec(markdown)?.[0];

describe("review: an OrganizationMembers", () => {
  it("tells each person it adds, removes or changes as a User's step would, with the same counts", async () => {
    const [asSet, asUsers] = [await reviewOf(setPreview()), await reviewOf(usersPreview())];
    const people = section(asSet, "People");
    expect(people).toContain("- **ana**");
    expect(people).toMatch(/organization role member → admin/);
    expect(people).toMatch(/Models seat full → viewer/);
    expect(people).toMatch(/- \*\*bo\*\*\n {2}- leaves the organization \(was/);
    expect(people).toMatch(/- \*\*cy\*\*\n {2}- is deactivated/);
    expect(people).toMatch(/- \*\*dee\*\*\n {2}- joins the organization as member/);
    expect(people).toBe(section(asUsers, "People"));
    expect(totals(asSet)).toBeDefined();
    expect(totals(asSet)).toBe(totals(asUsers));
  });

  it("tells an adopting create's people as Users' creates: adopted as W&B holds them, joining, or either where the preview could not look", async () => {
    const adopting = { adoptExisting: true, deletionPolicy: "delete" };
    const people: Record<string, Person & { adopted?: boolean }> = {
      ana: { email: "ana@acme.example", organizationRole: "member", adopted: true },
      bo: { email: "bo@acme.example", organizationRole: "member", adopted: false },
      cy: { email: "cy@acme.example", organizationRole: "member" },
    };
    // A registry role of each, adopted with its person where W&B holds them.
    const grants = Object.keys(people).map((userName) => ({
      op: "create",
      urn: `urn:pulumi:prod::org::wandb:index:RegistryRoleAssignment::${userName}-models`,
      newState: {
        type: "wandb:index:RegistryRoleAssignment",
        inputs: { user: `${userName}@acme.example`, registryName: "models", roleName: "admin", adoptExisting: true },
        outputs: { user: `${userName}@acme.example`, registryName: "models", roleName: "admin", adoptExisting: true },
      },
    }));
    const asSet = JSON.stringify({
      steps: [{ op: "create", urn: SET_URN, newState: { type: "wandb:index:OrganizationMembers", inputs: { members: people, ...adopting }, outputs: { members: people, ...adopting } } }, ...grants],
      changeSummary: { create: 4 },
    });
    const asUsers = JSON.stringify({
      steps: [
        ...Object.entries(people).map(([userName, person]) => ({
          op: "create",
          urn: userUrn(userName),
          newState: { type: "wandb:index:User", inputs: { userName, active: true, ...person, ...adopting }, outputs: { userName, active: true, ...person, ...adopting } },
        })),
        ...grants,
      ],
      changeSummary: { create: 6 },
    });
    const [set, users] = [await reviewOf(asSet), await reviewOf(asUsers)];
    expect(section(set, "People")).toMatch(/- \*\*ana\*\*\n {2}- adopted as member: taken over as W&B holds them\n {2}- registry models: role admin, adopted with them as declared \(not verified\)/);
    expect(section(set, "People")).toMatch(/- \*\*bo\*\*\n {2}- joins the organization as member/);
    expect(section(set, "People")).toMatch(/- \*\*cy\*\*\n {2}- adopted as member: taken over if W&B holds them, else joins the organization/);
    expect(section(set, "People")).toBe(section(users, "People"));
    expect(totals(set)).toBe(totals(users));
  });

  it("reads people moved from a User each into a set (an Organization's compact layout) as no access change, and a changed one as their change", async () => {
    const user = (userName: string, person: Person) => ({
      type: "wandb:index:User",
      id: `id-${userName}`,
      inputs: { userName, active: true, ...person, ...SETTINGS, guardedBy: "acme" },
      outputs: { userName, active: true, ...person, ...SETTINGS, guardedBy: "acme", etag: 'W/"1"', createdAt: "" },
    });
    const moved = { ...BEFORE, bo: { ...BEFORE["bo"]!, organizationRole: "member" } };
    const set = { type: "wandb:index:OrganizationMembers", inputs: { members: moved, ...SETTINGS, guardedBy: "acme" }, outputs: { members: moved, ...SETTINGS, guardedBy: "acme" } };
    const preview = JSON.stringify({
      steps: [
        { op: "create", urn: SET_URN, newState: set },
        ...Object.entries(BEFORE).map(([userName, person]) => ({ op: "delete", urn: userUrn(userName), oldState: user(userName, person) })),
      ],
      changeSummary: { create: 1, delete: 3 },
    });
    const markdown = await reviewOf(preview);
    const people = section(markdown, "People");
    expect(people).not.toMatch(/ana|cy|joins|leaves/);
    expect(people).toMatch(/- \*\*bo\*\*\n {2}- organization role admin → member/);
    expect(section(markdown, "Renamed in code")).toContain("User ana, bo, cy → OrganizationMembers people");
  });

  it("reads a person moved out of a set into a User of their own (a protected admin, promoted) as their change, not a departure and an arrival", async () => {
    const set = (members: Record<string, Person>) => ({ type: "wandb:index:OrganizationMembers", id: "members-1", inputs: { members, ...SETTINGS }, outputs: { members: recorded(members), ...SETTINGS } });
    const { bo: _promoted, ...staying } = AFTER_PROMOTION;
    const preview = JSON.stringify({
      steps: [
        { op: "update", urn: SET_URN, oldState: set(BEFORE_PROMOTION), newState: set(staying) },
        {
          op: "create",
          urn: userUrn("bo"),
          newState: { type: "wandb:index:User", inputs: { userName: "bo", active: true, ...AFTER_PROMOTION["bo"], ...SETTINGS }, outputs: { userName: "bo", active: true, ...AFTER_PROMOTION["bo"], ...SETTINGS } },
        },
      ],
      changeSummary: { create: 1, update: 1 },
    });
    const markdown = await reviewOf(preview);
    const people = section(markdown, "People");
    expect(people).toBe("People\n\n- **bo**\n  - organization role member → admin\n\n");
    expect(totals(markdown)).toContain("1 person gains or loses access (0 joining the organization, 0 leaving it)");
    expect(section(markdown, "Renamed in code")).toContain("OrganizationMembers people bo → User bo");
  });
});
