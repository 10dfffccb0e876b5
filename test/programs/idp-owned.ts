// Two Organizations whose users and team members the identity provider writes (usersFrom idp,
// membersFrom idp), one through each door in one stack, with parts dropped by config;
// test/lifecycle/idp-owned.test.ts drops them, then destroys the stack.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";
import { RemoteComponent } from "../support/native-resources";

export async function idpOwnedProgram(): Promise<void> {
  const wandb = installedPackage();
  const config = new pulumi.Config();

  /** What the rosters no longer declare: users and teams, by their names without the door. */
  const dropped = new Set((config.get("dropped") ?? "").split(",").filter(Boolean));


  const DOORS = ["dynamic", "plugin"] as const;

  // The identity provider made the users and pushes both teams (test/lifecycle/idp-owned.test.ts seeds
  // them): lab's list in the roster is the one it pushes, desk's lists fewer. Each roster leaves out
  // what the other door's holds, and the emulator's own users and team.
  for (const door of DOORS) {
    const named = (name: string) => `${name}-${door}`;
    const users = ["ana", "bo", "dee"].filter((name) => !dropped.has(name));
    const teams = [
      { name: "lab", members: ["ana", "bo", "dee"] },
      { name: "desk", members: ["ana"] },
    ].filter((team) => !dropped.has(team.name));
    const roster = {
      usersFrom: "idp" as const,
      users: users.map((name) => ({ userName: named(name), email: `${named(name)}@acme.example` })),
      teams: teams.map((team) => ({ name: named(team.name), membersFrom: "idp" as const, members: team.members.filter((m) => users.includes(m)).map(named) })),
      outsideCode: { ignore: ["admin", "second-admin", "member", "seed-team", ...DOORS.filter((other) => other !== door).map((other) => `*-${other}`)] },
    };
    if (door === "plugin") new RemoteComponent("Organization", named("acme"), { roster, adoptExisting: true }, []);
    else new wandb.Organization(named("acme"), { roster, adoptExisting: true });
  }
}
