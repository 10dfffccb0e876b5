// An Organization through each door in one stack, whose grants end at dates set by config, each acting
// as its own admin; test/lifecycle/expiry.test.ts moves the clock past them.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";
import { RemoteComponent, wandbProvider } from "../support/native-resources";

export async function expiryProgram(): Promise<void> {
  const wandb = installedPackage();
  const config = new pulumi.Config();
  /** When bob's membership of the lab and carol's admin grant end. */
  const soon = config.require("soon");
  /** When each door's acting user's membership of the lab ends, by door; none where unset. */
  const actingExpires = config.getObject<Partial<Record<"dynamic" | "plugin", string>>>("actingExpires") ?? {};
  /** A registry role given to dee that has already ended, when set. */
  const lateGrant = config.get("lateGrant");
  /** The door whose roster demotes ana, a required admin. */
  const demotedIn = config.get("demoteRequiredAdmin");
  const wandbConfig = new pulumi.Config("wandb");

  /** The plugin door's provider acts as the emulator's second admin: each door has its own acting user. */
  const secondAdmin = () =>
    wandbProvider("second-admin", {
      baseUrl: wandbConfig.require("baseUrl"),
      deployment: wandbConfig.require("deployment"),
      username: "second-admin",
      apiKey: config.require("secondAdminKey"),
    });

  const ACTING = { dynamic: "admin", plugin: "second-admin" } as const;

  for (const door of ["dynamic", "plugin"] as const) {
    const other = door === "dynamic" ? "plugin" : "dynamic";
    const named = (name: string) => `${name}-${door}`;
    const user = (name: string, more: Record<string, string> = {}) => ({ userName: named(name), email: `${named(name)}@acme.example`, ...more });
    const acting = ACTING[door];
    const roster = {
      users: [
        user("ana", { organizationRole: demotedIn === door ? "member" : "admin" }),
        user("bob"),
        user("carol", { organizationRole: "admin", organizationRoleExpires: soon }),
        user("dee"),
        { userName: acting, email: `${acting}@acme.example`, organizationRole: "admin" },
      ],
      teams: [
        {
          name: named("lab"),
          members: [named("ana"), { user: named("bob"), expires: soon }, named("carol"), named("dee"), actingExpires[door] === undefined ? acting : { user: acting, expires: actingExpires[door] }],
        },
      ],
      registryRoles: lateGrant === undefined ? [] : [{ user: named("dee"), registry: "models", role: "viewer", expires: lateGrant }],
      requiredAdmins: [named("ana")],
      // The other door's roster and the emulator's own people and team are not this roster's.
      outsideCode: { ignore: ["member", "seed-team", ACTING[other], `*-${other}`] },
    };
    if (door === "plugin") new RemoteComponent("Organization", named("acme"), { roster, adoptExisting: true }, [], { providers: { wandb: secondAdmin() } });
    else new wandb.Organization(named("acme"), { roster, adoptExisting: true });
  }
}
