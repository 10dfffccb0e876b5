// The compact layout's program (test/lifecycle/compact-layout.test.ts), run inline: an Organization
// through each door in one stack, its layout and the changes to its people set by config.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";
import { RemoteComponent } from "../support/native-resources";

export async function compactLayoutProgram(): Promise<void> {
  const wandb = installedPackage();
  const config = new pulumi.Config();
  /** How the roster's users are declared: `per-person` or `compact`. */
  const layout = config.require("layout") as "per-person" | "compact";
  /** How many people each door's roster holds. */
  const people = config.requireNumber("people");
  /** The people (by number) whose display name is `displayName`. */
  const renamed = new Set((config.get("renamed") ?? "").split(",").filter(Boolean).map(Number));
  /** The people (by number) the roster no longer holds. */
  const dropped = new Set((config.get("dropped") ?? "").split(",").filter(Boolean).map(Number));
  /** The people (by number) made organization admins. */
  const promoted = new Set((config.get("promoted") ?? "").split(",").filter(Boolean).map(Number));

  for (const door of ["dynamic", "plugin"] as const) {
    const userName = (i: number) => `p${String(i).padStart(3, "0")}-${door}`;
    /** The roster's people from `from` to before `to`, but those dropped. */
    const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k).filter((i) => !dropped.has(i)).map(userName);
    const userNames = numbered(0, people);
    const roster = {
      users: userNames.map((name) => ({
        userName: name,
        email: `${name}@acme.example`,
        displayName: renamed.has(Number(name.slice(1, 4))) ? config.require("displayName") : name,
        ...(name === userName(0) || promoted.has(Number(name.slice(1, 4))) ? { organizationRole: "admin" } : {}),
        ...(name === userName(2) ? { organizationRole: `Run operator ${door}` } : {}),
      })),
      customRoles: [{ name: `Run operator ${door}`, inheritedFrom: "member", permissions: ["run:stop"] }],
      teams: [
        { name: `lab-${door}`, members: numbered(0, 10), roles: { [userName(1)]: "admin" } },
        { name: `ops-${door}`, members: numbered(5, 12) },
      ],
    };
    const args = { roster, layout, protectAdmins: true };
    if (door === "plugin") new RemoteComponent("Organization", `acme-${door}`, args, []);
    else new wandb.Organization(`acme-${door}`, args);
  }
}
