// A URN is read as the engine reads it: the name is everything after the third `::`, so a resource
// named with `::` in it (a team `ml::core`) keeps its whole name, in the parts and in what a preview says.
import { describe, expect, it } from "vitest";
import { componentRenameNotice, renameNotice } from "../../model/rename-wording";
import { isOrganizationChild, ORGANIZATION_TYPE, tokenOf } from "../../model/tokens";
import { parseUrn, urnOf } from "../../model/urn";

const TEAM = tokenOf("Team");
const team = (name: string, types = [ORGANIZATION_TYPE, TEAM]) => parseUrn(urnOf({ stack: "dev", project: "org", types, name }));

describe("parseUrn", () => {
  it("reads stack, project, type chain, parent and a name that holds `::`", () => {
    const urn = parseUrn(`urn:pulumi:dev::org::${ORGANIZATION_TYPE}$${TEAM}::acme/ml::core`);
    expect(urn).toEqual({
      text: `urn:pulumi:dev::org::${ORGANIZATION_TYPE}$${TEAM}::acme/ml::core`,
      stack: "dev",
      project: "org",
      types: [ORGANIZATION_TYPE, TEAM],
      type: TEAM,
      parentType: ORGANIZATION_TYPE,
      name: "acme/ml::core",
    });
    expect(isOrganizationChild(urn)).toBe(true);
  });

  it("reads a resource with no parent but the stack, and the stack itself", () => {
    expect(team("ml::core", [TEAM])).toMatchObject({ type: TEAM, parentType: undefined, name: "ml::core" });
    expect(isOrganizationChild(team("ml::core", [TEAM]))).toBe(false);
    expect(parseUrn("urn:pulumi:dev::org::pulumi:pulumi:Stack::org-dev")).toMatchObject({ type: "pulumi:pulumi:Stack", name: "org-dev" });
  });

  it("gives back the text it was built from", () => {
    const text = urnOf({ stack: "dev", project: "org", types: [ORGANIZATION_TYPE, TEAM], name: "acme/ml::core" });
    expect(parseUrn(text).text).toBe(text);
  });

  it("refuses text that is not a URN, naming it", () => {
    expect(() => parseUrn("acme/ml::core")).toThrow(/"acme\/ml::core" is not a Pulumi URN/);
    expect(() => parseUrn("urn:pulumi:dev::org::wandb:index:Team")).toThrow(/not a Pulumi URN/);
  });
});

describe("rename notices", () => {
  it("name a team `ml::core` by its whole name, and alias by name where only the name changed", () => {
    const notice = renameNotice("Team", team("acme/ml::core"), team("acme/ml::old"), 'name "ml::core"');
    expect(notice).toContain(`Team "acme/ml::core" declares the W&B object with name "ml::core" that this stack holds as "acme/ml::old"`);
    expect(notice).toContain(`The delete of "acme/ml::old" will leave it in W&B`);
    expect(notice).toContain(`give "acme/ml::core" the option aliases: [{ name: "acme/ml::old" }]`);
  });

  it("alias by the whole old URN where the type chain changed", () => {
    const held = team("ml::core", [TEAM]);
    expect(renameNotice("Team", team("acme/ml::core"), held, 'name "ml::core"')).toContain(`the option aliases: ["${held.text}"]`);
  });

  it("name Organizations with `::` in their names whole", () => {
    const organization = (name: string) => parseUrn(urnOf({ stack: "dev", project: "org", types: [ORGANIZATION_TYPE], name }));
    const notice = componentRenameNotice(organization("ml::acme"), organization("ml::old"), "an example");
    expect(notice).toContain(`Organization "ml::acme" declares the W&B objects this stack holds under Organization "ml::old"`);
    expect(notice).toContain(`give "ml::acme" the option aliases: [{ name: "ml::old" }]`);
  });
});
