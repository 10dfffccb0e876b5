// A permission set change previews as what joins and what leaves, not as list edits by position,
// and a permission W&B does not document is warned about, through either front door: the native
// plugin says both through the engine's log, under the role, and its detailed diff names the items.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, repoRoot, type OpenStackOptions, type StackHandle } from "../support/pulumi";
import { NativeResource } from "../support/native-resources";

type Declare = (permissions: string[]) => void;

const DOORS: [string, Declare, Partial<OpenStackOptions>][] = [
  ["dynamic resources", (permissions) => void new (installedPackage().CustomRole)("operator", { name: "Set operator", inheritedFrom: "member", permissions }), {}],
  [
    "native plugin",
    (permissions) => void new NativeResource("CustomRole", "operator", { name: "Set operator", inheritedFrom: "member", permissions }, []),
    { providerPlugins: [{ name: "wandb", path: repoRoot }] },
  ],
];

describe.each(DOORS)("set-valued inputs preview as added and removed items: %s", (door, declare, options) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let permissions = ["project:delete", "run:stop"];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ projectName: `set-diff-${door.split(" ")[0]}`, inline: async () => declare(permissions) }, { config: emulatorConfig(emulator), ...options });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("names the permission added and the one removed", async () => {
    await stack.up();
    permissions = ["run:stop", "run:delete"];
    const preview = await stack.preview();
    expect(preview.changes).toMatchObject({ update: 1 });
    expect(preview.log).toContain('permissions of custom role "Set operator": + run:delete, - project:delete');
    if (door === "native plugin") {
      // The plugin's detailed diff: the item that joins and the one that leaves, not the list rewritten by position.
      const shown = /~ permissions: \[\n([\s\S]*?)\n\s*\]\n/.exec((await stack.preview({ diff: true })).log)?.[1] ?? "";
      expect(shown).toContain('"run:delete"');
      expect(shown).toContain('"project:delete"');
      expect(shown).not.toContain('"run:stop"');
    }
    // An unchanged set in another order is no change at all, and says nothing.
    await stack.up();
    permissions = ["run:delete", "run:stop"];
    const reordered = await stack.preview();
    expect(reordered.changes.update).toBeUndefined();
    expect(reordered.log).not.toContain("permissions of custom role");
  });

  it("warns at preview of a permission W&B does not document", async () => {
    permissions = ["run:stop", "run:pause"];
    const preview = await stack.preview();
    expect(preview.log).toMatch(/warning: .*permission "run:pause" is not among the permissions W&B documents/);
    if (door === "native plugin") {
      // Through the engine's log, attached to its resource, whatever the program's language.
      const attached = preview.diagnostics.filter((d) => d.severity === "warning" && d.urn?.endsWith("::operator"));
      expect(attached.map((d) => d.message).join("\n")).toMatch(/permission "run:pause" is not among the permissions W&B documents/);
    }
    permissions = ["run:delete", "run:stop"];
  });
});
