// The access review of a roster's expiries (issue 44): each removal a grant past its date makes is
// named and counted as any other, said to be that expiry's ("expired on <date>, still has access"),
// in a plain preview's review and a drift review alike; what ends within wandb:expiryNoticeDays is
// listed apart, no change yet.
import { describe, expect, it } from "vitest";
import type { JudgedExpiry } from "../../model/expiry";
import { reviewOf } from "../support/review";

const ORG = "urn:pulumi:prod::org::wandb:index:Organization";
const urnOf = (kind: string, name: string) => `${ORG}$wandb:index:${kind}::${name}`;
const state = (type: string, inputs: Record<string, unknown>, id = "id") => ({ type: `wandb:index:${type}`, id, inputs, outputs: inputs });
const step = (op: string, kind: string, name: string, before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => ({
  op,
  urn: urnOf(kind, name),
  ...(before === undefined ? {} : { oldState: state(kind, before, name) }),
  ...(after === undefined ? {} : { newState: state(kind, after, name) }),
});

const judged = (grant: JudgedExpiry["grant"], user: string, expired: boolean, more: Partial<JudgedExpiry> = {}): JudgedExpiry => ({
  grant,
  user,
  expires: "2025-03-01",
  at: `somewhere of ${user}`,
  expired,
  ...more,
});

const RECORD = { organization: "acme", emails: {}, customRoles: [], idpTeams: {}, requiredAdmins: ["ana"] };
const EXPIRIES = [
  judged("team", "bob", true, { scope: "lab" }),
  judged("organizationRole", "cy", true, { role: "admin", fallback: "member" }),
  judged("user", "dee", true),
  judged("teamRole", "eve", true, { scope: "lab", role: "admin" }),
  judged("registryRole", "eve", true, { scope: "models", role: "viewer" }),
  judged("team", "fay", false, { scope: "lab", expires: "2025-03-10" }),
];

/** A preview of the run that takes the expired grants away, each by its own resource's step. */
function previewOfExpiry(): string {
  const before = { ...RECORD, users: ["ana", "bob", "cy", "dee", "eve", "fay"], admins: ["ana", "cy"], teams: { lab: ["ana", "bob", "eve", "fay"] }, expiries: EXPIRIES.map((each) => ({ ...each, expired: false })) };
  const after = {
    ...before,
    users: ["ana", "bob", "cy", "eve", "fay"],
    admins: ["ana"],
    teams: { lab: ["ana", "eve", "fay"] },
    expiries: EXPIRIES,
    expiringSoon: { days: 14, grants: [EXPIRIES[5]] },
    verdicts: ["passed: the required admins (requiredAdmins) stay organization admins: ana"],
  };
  return JSON.stringify({
    steps: [
      step("update", "RosterGuard", "acme/guard", before, after),
      step("update", "User", "acme/cy", { userName: "cy", email: "cy@acme.example", organizationRole: "admin" }, { userName: "cy", email: "cy@acme.example", organizationRole: "member" }),
      step("update", "User", "acme/dee", { userName: "dee", email: "dee@acme.example", active: true }, { userName: "dee", email: "dee@acme.example", active: false }),
      step("delete", "TeamRoleAssignment", "acme/lab/eve", { user: "eve-id", teamName: "lab", roleName: "admin" }, undefined),
      step("delete", "RegistryRoleAssignment", "acme/models/eve", { user: "eve-id", registryName: "models", roleName: "viewer" }, undefined),
    ],
    changeSummary: { update: 3, delete: 2, same: 9 },
  });
}

const section = (markdown: string, heading: string) => markdown.split(/^### /m).find((each) => each.startsWith(heading)) ?? "";

describe("review of what expires", () => {
  it("names each removal an expiry makes as that expiry's, and counts it as any other", async () => {
    const markdown = await reviewOf(previewOfExpiry());
    const people = section(markdown, "People");
    const note = "(expired on 2025-03-01, still has access)";
    expect(people).toContain(`- **bob**\n  - leaves team lab ${note}`);
    expect(people).toContain(`- **cy**\n  - organization role admin → member ${note}`);
    expect(people).toContain(`- **dee**\n  - is deactivated ${note}`);
    expect(people).toContain(`- **eve**\n  - team lab: loses role admin, back to member ${note}\n  - registry models: loses role viewer ${note}`);
    expect(people).not.toContain("fay");
    expect(markdown).toMatch(/\*\*Totals:\*\* 4 people gain or lose access \(0 joining the organization, 1 leaving it\); 1 team with members added or removed/);
  });

  it("lists what ends within the notice apart, as no change; the drift review too", async () => {
    for (const options of [[], ["--drift"]]) {
      const soon = section(await reviewOf(previewOfExpiry(), options), "Expiring within 14 days");
      expect(soon).toContain("- **fay**: membership of team lab expires on 2025-03-10");
      expect(soon).toContain("No change yet.");
    }
  });

  it("a removal no expiry explains is said as before", async () => {
    const preview = JSON.parse(previewOfExpiry()) as { steps: { newState?: { inputs: { expiries?: unknown[] } } }[] };
    preview.steps[0]!.newState!.inputs.expiries = [];
    const people = section(await reviewOf(JSON.stringify(preview)), "People");
    expect(people).toContain("- **bob**\n  - leaves team lab\n");
    expect(people).not.toContain("expired on");
  });
});
