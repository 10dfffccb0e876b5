// Users with Models seats in teams with their own storage bucket, and a lookup of inactive people,
// declared through both doors in one stack; test/lifecycle/seats-and-activity.test.ts runs it on each
// deployment and changes its config between runs.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { DOORS } from "../support/native-resources";
import { installedPackage } from "../support/pulumi";

export async function seatsAndActivityProgram(): Promise<Record<string, unknown>> {
  const wandb = installedPackage();
  const config = new pulumi.Config();

  type Door = keyof typeof DOORS;

  /** The lookups to make, e.g. "30,90": who has not been active in each of these numbers of days. */
  const inactiveForDays = (config.get("inactiveForDays") ?? "").split(",").filter(Boolean).map(Number);
  const inactiveThrough = (door: Door) =>
    Object.fromEntries(
      inactiveForDays.map((days) => [
        days,
        door === "plugin"
          ? pulumi.runtime.invokeOutput<{ userNames: string[] }>("wandb:index:getUsers", { inactiveForDays: days }).userNames
          : wandb.getUsersOutput({ inactiveForDays: days }).userNames,
      ]),
    );

  // Each door declares its own team with its own bucket (a change of its path replaces the team), and
  // its own user in that team: the multi-tenant cloud creates a user by adding it to a team.
  for (const door of ["dynamic", "plugin"] as const) {
    const declare = DOORS[door].declarer();
    const lab = declare("Team", `lab-${door}`, {
      name: `lab-${door}`,
      storageBucket: { name: `acme-lab-${door}`, provider: "gcp", path: config.get("bucketPath") ?? "lab/runs" },
    });
    declare(
      "User",
      `vera-${door}`,
      { userName: `vera-${door}`, email: `vera-${door}@example.com`, modelsSeat: config.get("veraSeat") ?? "viewer", teams: [`lab-${door}`] },
      { dependsOn: [lab] },
    );
  }

  const inactiveThroughDynamic = inactiveThrough("dynamic");
  const inactiveThroughPlugin = inactiveThrough("plugin");
  return { inactiveThroughDynamic, inactiveThroughPlugin };
}
