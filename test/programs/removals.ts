// An Organization and standalone users through both doors in one stack, with parts dropped or renamed
// by config; test/lifecycle/removals.test.ts applies each drop with up, up --refresh, destroy and
// destroy --refresh.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";
import { DOORS, RemoteComponent } from "../support/native-resources";

export async function removalsProgram(): Promise<void> {
  const wandb = installedPackage();
  const config = new pulumi.Config();

  /** What the program no longer declares: roster users, roster teams, standalone users, by their names without the door. */
  const dropped = new Set((config.get("dropped") ?? "").split(",").filter(Boolean));
  /** The standalone user `tom`'s resource name ends with this: a change is a rename in code with no alias. */
  const tomSuffix = config.get("tomSuffix") ?? "a";


  // Each door removes users its own way: the dynamic door's deactivates them, the plugin's deletes them (the default).
  for (const door of ["dynamic", "plugin"] as const) {
    const named = (name: string) => `${name}-${door}`;
    const users = ["ana", "bo", "cy"].filter((name) => !dropped.has(name));
    const teams = [
      { name: "lab", members: ["ana", "bo"] },
      { name: "ops", members: ["cy"] },
    ].filter((team) => !dropped.has(team.name));
    const roster = {
      users: users.map((name) => ({ userName: named(name), email: `${named(name)}@acme.example` })),
      teams: teams.map((team) => ({ name: named(team.name), members: team.members.filter((m) => users.includes(m)).map(named) })),
    };
    const policy = door === "dynamic" ? { deletionPolicy: "deactivate" } : {};
    if (door === "plugin") new RemoteComponent("Organization", named("acme"), { roster }, []);
    else new wandb.Organization(named("acme"), { roster, deletionPolicy: { users: "deactivate" } });

    const declare = DOORS[door].declarer();
    for (const name of ["sam", "tom"].filter((each) => !dropped.has(each))) {
      const resourceName = name === "tom" ? `${named(name)}-${tomSuffix}` : named(name);
      declare("User", resourceName, { userName: named(name), email: `${named(name)}@acme.example`, ...policy });
    }
  }
}
