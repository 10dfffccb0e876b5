// Permissions W&B does not document are warned about in the program (a dynamic provider's check
// cannot return warnings): the decision as a pure function, and the CustomRole constructor (under
// the runtime mocks, where pulumi.log.warn is observable) warning on the resource itself.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DOCUMENTED_PERMISSIONS } from "../../api/vocabulary";
import { CustomRole } from "../../sdk/custom-role";
import { Organization } from "../../sdk/organization";
import { undocumentedPermissionWarnings } from "../../sdk/undocumented-permissions";

describe("undocumentedPermissionWarnings", () => {
  it("names each undocumented permission once, says the service refuses it at up if it does not exist, and lists the documented ones", () => {
    const warnings = undocumentedPermissionWarnings(["run:stop", "run:pause", " run:pause ", "model:fly"]);
    expect(warnings).toHaveLength(2);
    const [pause, fly] = warnings;
    expect(pause).toMatch(/^permission "run:pause" is not among the permissions W&B documents: if it does not exist, the service will refuse it at `pulumi up`/);
    expect(fly).toMatch(/^permission "model:fly" /);
    for (const documented of DOCUMENTED_PERMISSIONS) expect(pause).toContain(documented);
  });

  it("is silent for every documented permission, however spaced", () => {
    expect(undocumentedPermissionWarnings(DOCUMENTED_PERMISSIONS.map((name) => ` ${name} `))).toEqual([]);
  });

  it("leaves malformed names to the provider's check, and does not look into Outputs or promises", () => {
    expect(undocumentedPermissionWarnings(["Run Pause", "runpause"])).toEqual([]);
    expect(undocumentedPermissionWarnings(Promise.resolve(["run:pause"]))).toEqual([]);
    expect(undocumentedPermissionWarnings([pulumi.output("run:pause")])).toEqual([]);
    expect(undocumentedPermissionWarnings(undefined)).toEqual([]);
  });
});

describe("the CustomRole constructor", () => {
  beforeAll(async () => {
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
      "custom-role-test",
      "dev",
      false,
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const warnings = () => vi.spyOn(pulumi.log, "warn").mockResolvedValue();

  it("warns on the resource itself, once for each undocumented permission given as text", () => {
    const warn = warnings();
    const role = new CustomRole("ops", {
      name: "Ops",
      inheritedFrom: "member",
      permissions: ["run:stop", "run:pause", pulumi.output("model:fly")],
    });
    expect(warn.mock.calls).toEqual([[undocumentedPermissionWarnings(["run:pause"])[0], role]]);
  });

  it("does not warn for documented permissions, nor for a role read by its id", () => {
    const warn = warnings();
    new CustomRole("documented", { name: "Runs", inheritedFrom: "viewer", permissions: ["run:stop", "run:delete"] });
    CustomRole.get("existing", "role-id");
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns for a roster's custom roles too, on their CustomRole", () => {
    const warn = warnings();
    const org = new Organization("acme", {
      roster: { users: [], customRoles: [{ name: "Pauser", inheritedFrom: "member", permissions: ["run:pause"] }] },
      deployment: "dedicated",
    });
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^permission "run:pause" /), org.customRoles["Pauser"]]]);
  });
});
