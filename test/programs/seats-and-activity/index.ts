import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();

/** A resource of the native plugin, declared by its type token as a generated SDK would. */
class PluginResource extends pulumi.CustomResource {
  constructor(kind: string, name: string, args: Record<string, unknown>) {
    super(`wandb:index:${kind}`, name, args);
  }
}

const throughPlugin = config.require("door") === "plugin";
const declare = (kind: "User" | "Team", name: string, args: Record<string, unknown>) =>
  throughPlugin ? new PluginResource(kind, name, args) : new wandb[kind](name, args as never);

declare("User", "vera", { userName: "vera", email: "vera@example.com", modelsSeat: config.get("veraSeat") ?? "viewer" });

// The team's own bucket: a change of its path replaces the team.
declare("Team", "lab", { name: "lab", members: [], storageBucket: { name: "acme-lab", provider: "gcp", path: config.get("bucketPath") ?? "lab/runs" } });

const inactiveForDays = config.getNumber("inactiveForDays");
const inactive =
  inactiveForDays === undefined
    ? undefined
    : throughPlugin
      ? pulumi.runtime.invokeOutput<{ userNames: string[] }>("wandb:index:getUsers", { inactiveForDays }).userNames
      : wandb.getUsersOutput({ inactiveForDays }).userNames;
export const inactiveUserNames = inactive;
