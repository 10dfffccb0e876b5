// An Organization through each door in one stack, its outsideCode and deactivateInactiveAfterDays set
// by config; test/lifecycle/access-plan.test.ts reviews each plain preview and applies it with a plain
// up.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";
import { NativeResource, RemoteComponent } from "../support/native-resources";

export async function accessPlanProgram(): Promise<void> {
  const wandb = installedPackage();
  const config = new pulumi.Config();
  /**
   * What each roster does with what it does not declare: `users` and `deactivateInactiveAfterDays` come from config
   * (`outsideUsers-<door>`, `inactiveDays-<door>`: one door's alone).
   */
  const outsideUsers = (door: string): "report" | "deactivate" => (config.get(`outsideUsers-${door}`) === "deactivate" ? "deactivate" : "report");


  for (const door of ["dynamic", "plugin"] as const) {
    const other = door === "dynamic" ? "plugin" : "dynamic";
    const people = ["ana", "stale", "cy"].map((name) => `${name}-${door}`);
    const inactiveDays = config.getNumber(`inactiveDays-${door}`) ?? config.getNumber("inactiveDays");
    const roster = {
      users: people.map((userName) => ({ userName, email: `${userName}@acme.example` })),
      teams: [{ name: `lab-${door}`, members: people }],
      // The other door's roster and the seeded people are not this roster's to judge.
      outsideCode: { users: outsideUsers(door), ignore: [`*-${other}`, "member", "second-admin"] },
      ...(inactiveDays === undefined ? {} : { deactivateInactiveAfterDays: inactiveDays }),
    };
    if (door === "plugin") new RemoteComponent("Organization", `acme-${door}`, { roster }, []);
    else new wandb.Organization(`acme-${door}`, { roster });
    // Beside the roster: the stack's own, never outside code to deactivate.
    const sam = { userName: `sam-${door}`, email: `sam-${door}@acme.example` };
    if (door === "plugin") new NativeResource("User", `sam-${door}`, sam, []);
    else new wandb.User(`sam-${door}`, sam);
  }
}
