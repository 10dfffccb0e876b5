// Statements of the documentation that proved false once (issue 46), held to what the code does, so
// that a change that makes one false again fails here: what the overview says of service accounts
// (the schema's resource and the roster's key), when the first preview installs the plugin (the
// schema's download URL: only a published release is there), the roster's top-level keys (the
// roster's own schema), and what the emulator needs of a seed, a state file used as one included
// (the emulator's own refusals). The gitops README's sample review is the template's output:
// test/examples/gitops.test.ts.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type Seed } from "../../emulator";
import { rosterSchema } from "../../model/roster/schema";
import { tokenOf } from "../../model/tokens";
import { SCHEMA_FILE } from "../../provider/schema/committed-schema";
import type { PackageSpec } from "../../provider/schema/pulumi-package";
import { repoRoot } from "../../scripts/repo-root";

const schema = JSON.parse(readFileSync(path.join(repoRoot, SCHEMA_FILE), "utf8")) as PackageSpec;
const read = (...file: string[]) => readFileSync(path.join(repoRoot, ...file), "utf8");
/** Markdown as one line per paragraph: statements wrap anywhere. */
const unwrapped = (text: string) => text.replace(/([^\n])\n(?!\n|```|\||#|- )/g, "$1 ");

describe("docs/_index.md on service accounts", () => {
  const text = unwrapped(read("docs", "_index.md"));

  it("says they are declared with the ServiceAccount resource or a roster's serviceAccounts, which both exist", () => {
    expect(text).toContain("Service accounts are declared with `ServiceAccount` (or a roster's `serviceAccounts:`)");
    expect(schema.resources[tokenOf("ServiceAccount")]).toBeDefined();
    expect(Object.keys(rosterSchema.shape)).toContain("serviceAccounts");
    expect(text).not.toMatch(/service accounts are not managed/i);
  });
});

describe("docs/installation-configuration.md on the plugin", () => {
  const text = unwrapped(read("docs", "installation-configuration.md"));

  it("says the first preview installs it from the schema's release host only once the release is published there, and how to install it before", () => {
    expect(schema.pluginDownloadURL).toMatch(/^github:\/\//);
    expect(text).toContain(`\`${schema.pluginDownloadURL}\``);
    expect(text).toContain("installs it from there, once the release `v<version>` is published on that host; until then (or without access to GitHub), install it from the release archive");
    expect(text).toContain("pulumi plugin install resource wandb v<version> --file");
  });
});

describe("examples/org-roster/README.md on the roster format", () => {
  it("names every top-level key of the roster, and no other", () => {
    const text = unwrapped(read("examples", "org-roster", "README.md"));
    const sentence = /YAML or JSON, with these top-level keys, each optional: ([^(]*)\(/.exec(text)?.[1] ?? "";
    const keys = [...sentence.matchAll(/`(\w+)`/g)].map((match) => match[1]);
    expect(keys.sort()).toEqual(Object.keys(rosterSchema.shape).sort());
  });
});

describe("emulator/README.md on seeds and state files", () => {
  const text = unwrapped(read("emulator", "README.md"));
  const seed = defaultSeed();
  /** A seed as a state file holds it once SCIM changed the organization so. */
  const cases: [string, Seed][] = [
    ["the keyed member deactivated", { ...seed, users: seed.users.map((user) => (user.userName === "member" ? { ...user, active: false } : user)) }],
    ["every keyed admin demoted", { ...seed, users: seed.users.map((user) => (user.organizationRole === "admin" ? { ...user, organizationRole: "member" } : user)) }],
    ["no service account with a key", { ...seed, serviceAccounts: seed.serviceAccounts.map(({ apiKey: _key, ...account }) => account) }],
  ];

  it.each(cases)("a state with %s is refused as a seed, for a need the README names", async (_change, state) => {
    const refusal = await startEmulator({ port: 0, seed: state }).then(
      () => "started",
      (error: Error) => error.message,
    );
    const need = /needs (.*)$/.exec(refusal)?.[1];
    expect(need, refusal).toBeDefined();
    expect(text).toContain(need);
  });

  it("says a state file is a valid seed only while it holds them", () => {
    expect(text).toContain("so a state file is a valid seed only while it still holds them");
    expect(text).not.toContain("so a state file is also a valid seed");
  });
});
