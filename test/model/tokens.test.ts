// One map of kinds by type serves both doors: the plugin's tokens and the dynamic resources' types.
import { expect, it } from "vitest";
import { RESOURCE_KINDS } from "../../model/resource-kinds";
import { kindOfPluginRequest, kindOfType, tokenOf } from "../../model/tokens";
import { urnOf } from "../../model/urn";

it("knows every kind by its token and by its dynamic type, and nothing else", () => {
  for (const kind of RESOURCE_KINDS) {
    expect(kindOfType(tokenOf(kind))).toBe(kind);
    expect(kindOfType(`pulumi-nodejs:dynamic/wandb:${kind}`)).toBe(kind);
  }
  expect(kindOfType("wandb:index:Organization")).toBeUndefined();
});

it("tells the plugin the kind of a request by its token, or by its URN's type when the engine sends none", () => {
  const urn = urnOf({ stack: "dev", project: "org", types: [tokenOf("Organization"), tokenOf("Team")], name: "acme/ml::core" });
  expect(kindOfPluginRequest(tokenOf("User"), urn)).toBe("User");
  expect(kindOfPluginRequest("", urn)).toBe("Team");
});

it("refuses a type the plugin does not serve, a dynamic one included, naming the types it does", () => {
  expect(() => kindOfPluginRequest("pulumi-nodejs:dynamic/wandb:User", "")).toThrow(/no resource type "pulumi-nodejs:dynamic\/wandb:User"; its types are wandb:index:User, wandb:index:Team/);
  expect(() => kindOfPluginRequest("wandb:index:Organization", "")).toThrow(/no resource type "wandb:index:Organization"/);
});
