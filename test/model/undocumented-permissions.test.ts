// Permissions W&B does not document are warned about by the core's check, so both front doors
// tell it at preview: the decision as a pure function, and the check saying it (through the
// process's output, whichever door serves it).
import { describe, expect, it } from "vitest";
import { undocumentedPermissionWarnings } from "../../model/undocumented-permissions";
import { DOCUMENTED_PERMISSIONS } from "../../model/vocabulary";
import { customRole } from "../../provider/resources/custom-role";
import { keptOutput, unconfiguredOperation, type ToldLine } from "../support/provider";

describe("undocumentedPermissionWarnings", () => {
  it("names each undocumented permission once, says the service refuses it at up if it does not exist, and lists the documented ones", () => {
    const warnings = undocumentedPermissionWarnings(["run:stop", "run:pause", " run:pause ", "model:fly"]);
    expect(warnings).toHaveLength(2);
    const [pause, fly] = warnings;
    expect(pause).toMatch(/^permission "run:pause" is not among the permissions W&B documents: if it does not exist, the service will refuse it at `pulumi up`/);
    expect(fly).toMatch(/^permission "model:fly" /);
    for (const documented of DOCUMENTED_PERMISSIONS) expect(pause).toContain(documented);
  });

  it("is silent for every documented permission, however spaced, and leaves malformed names to the check", () => {
    expect(undocumentedPermissionWarnings(DOCUMENTED_PERMISSIONS.map((name) => ` ${name} `))).toEqual([]);
    expect(undocumentedPermissionWarnings(["Run Pause", "runpause"])).toEqual([]);
  });
});

describe("the CustomRole check", () => {
  let operation = unconfiguredOperation();

  function told(): ToldLine[] {
    const output = keptOutput();
    operation = unconfiguredOperation(output.sink);
    return output.lines;
  }

  it("warns once for each undocumented permission, and accepts the role", async () => {
    const lines = told();
    const result = await customRole.check(operation, {}, { name: "Ops", inheritedFrom: "member", permissions: ["run:stop", "run:pause"] });
    expect(result.failures ?? []).toEqual([]);
    expect(lines).toEqual([{ severity: "warning", line: undocumentedPermissionWarnings(["run:pause"])[0] }]);
  });

  it("says nothing for documented permissions, nor for a role its check refuses", async () => {
    const lines = told();
    await customRole.check(operation, {}, { name: "Runs", inheritedFrom: "viewer", permissions: ["run:stop", "run:delete"] });
    const refused = await customRole.check(operation, {}, { name: "", inheritedFrom: "viewer", permissions: ["run:pause"] });
    expect(refused.failures?.length).toBeGreaterThan(0);
    expect(lines).toEqual([]);
  });
});
