// OrganizationMembers through the real engine, by either front door: many people as one resource,
// a change to one person written alone and previewed by person (the plugin's detailed diff), a
// write refused for one person recorded for the others, and a destroy that removes them all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { adminRequest, readLog, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, installedPackage, openStack, repoRoot, type OpenStackOptions, type StackHandle } from "../support/pulumi";
import { NativeResource } from "../support/native-resources";

type Members = Record<string, { email: string; displayName: string }>;
/** Declares the set and, when given, a User as well. */
type Declare = (members: Members, user?: { userName: string; email: string }) => void;

const DOORS: [string, Declare, Partial<OpenStackOptions>][] = [
  [
    "dynamic resources",
    (members, user) => {
      new (installedPackage().OrganizationMembers)("people", { members });
      if (user) new (installedPackage().User)("also-a-user", user);
    },
    {},
  ],
  [
    "native plugin",
    (members, user) => {
      new NativeResource("OrganizationMembers", "people", { members }, []);
      if (user) new NativeResource("User", "also-a-user", user, []);
    },
    { providerPlugins: [{ name: "wandb", path: repoRoot }] },
  ],
];

const PEOPLE = ["ada", "grace", "edsger"] as const;

describe.each(DOORS)("OrganizationMembers through the engine: %s", (door, declare, options) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  const prefix = door.split(" ")[0]!;
  const names = PEOPLE.map((person) => `${prefix}-${person}`) as [string, string, string];
  let members: Members = Object.fromEntries(names.map((name) => [name, { email: `${name}@example.com`, displayName: name }]));
  let alsoAUser: { userName: string; email: string } | undefined;
  const idOf = async (userName: string): Promise<string> =>
    (await adminRequest(emulator, "GET", `/scim/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).body.Resources[0].id;
  const writes = async () => (await readLog(emulator)).requests.filter((r) => r.method !== "GET").map((r) => r.method);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployment: "dedicated" });
    stack = await openStack({ projectName: `members-${prefix}`, inline: async () => declare(members, alsoAUser) }, { config: emulatorConfig(emulator), ...options });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("makes every person as one resource; a change to one person previews and writes that person alone", async () => {
    const made = await stack.up();
    // The stack and the one set, whatever the number of people.
    expect(made.changes).toEqual({ create: 2 });
    for (const name of names) expect(await idOf(name)).toBeTruthy();

    const [ada] = names;
    members = { ...members, [ada]: { ...members[ada]!, displayName: "Ada Lovelace" } };
    const preview = await stack.preview({ diff: true });
    expect(preview.changes).toMatchObject({ update: 1 });
    if (door === "native plugin") {
      // The plugin's detailed diff names the person and the property; the others are not shown.
      expect(preview.log).toMatch(new RegExp(`${ada}[\\s\\S]*displayName[\\s\\S]*"Ada Lovelace"`));
      expect(preview.log).not.toContain(names[1]);
    }
    await resetLog(emulator);
    await stack.up();
    expect(await writes()).toEqual(["PATCH"]);
    expect((await stack.preview()).changes.update).toBeUndefined();
  });

  it("a write refused for one person (changed outside Pulumi) records the others, and names that person", async () => {
    const [, grace, edsger] = names;
    await adminRequest(emulator, "PATCH", `/scim/Users/${await idOf(grace)}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Changed by hand" }],
    });
    members = { ...members, [grace]: { ...members[grace]!, displayName: "Grace Hopper" }, [edsger]: { ...members[edsger]!, displayName: "Edsger Dijkstra" } };
    const failed = await stack.failing("up");
    expect(failed.log).toMatch(new RegExp(`members\\["${grace}"\\]: user "${grace}" was changed outside Pulumi \\(displayName\\)`));
    const held = async (name: string) => (await adminRequest(emulator, "GET", `/scim/Users/${await idOf(name)}`)).body.displayName;
    expect(await held(edsger)).toBe("Edsger Dijkstra");
    expect(await held(grace)).toBe("Changed by hand");
    // Only the refused person still differs: the next run writes nothing more to the one written.
    await resetLog(emulator);
    await stack.refresh();
    await stack.up();
    expect(await writes()).toEqual(["PATCH"]);
    expect(await held(grace)).toBe("Grace Hopper");
  });

  it("a person declared again by a User fails the preview, naming both", async () => {
    const [ada] = names;
    alsoAUser = { userName: ada.toUpperCase(), email: `${ada}@example.com` };
    try {
      const failed = await stack.failing("preview");
      expect(failed.log).toContain(`"people" members["${ada}"]`);
      expect(failed.log).toMatch(/both declare the one W&B object with userName/);
    } finally {
      alsoAUser = undefined;
    }
  });

  it("destroy removes every person", async () => {
    const ids = await Promise.all(names.map(idOf));
    await stack.destroy();
    for (const id of ids) expect((await adminRequest(emulator, "GET", `/scim/Users/${id}`)).status).toBe(404);
  });
});
