import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();
// Renaming the component (the `organization` config) renames every child: the review tells it from a removal.
const org = new wandb.Organization(config.get("organization") ?? "acme", { roster: "roster.yaml", adoptExisting: true });

// A team whose members are named by SCIM id, one of them a user that a run creates (its id unknown at preview).
// After the component: its record's report of what it does not declare is then the same on both doors.
const lee = new wandb.User("lee", { userName: "lee", email: "lee@example.com" }, { dependsOn: [org] });
const members = [lee.id];
if (config.getBoolean("kim")) members.push(new wandb.User("kim", { userName: "kim", email: "kim@example.com" }).id);
new wandb.Team("solo", { name: "solo", members }, { dependsOn: [org] });

// A lookup that fails the program: the review shows its message alone.
const lookUp = config.get("lookUp");
if (lookUp) void wandb.getUser({ userName: lookUp });
