// The Pulumi Registry's pages of the package come from its schema and docs/: the overview with an
// example per language, and the installation page, which must document every provider setting the
// schema declares, with its `pulumi config set` and environment-variable forms.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../../scripts/repo-root";
import { SCHEMA_FILE } from "../../provider/schema/committed-schema";
import type { PackageSpec } from "../../provider/schema/pulumi-package";

const schema = JSON.parse(readFileSync(path.join(repoRoot, SCHEMA_FILE), "utf8")) as PackageSpec;
const page = (name: string) => readFileSync(path.join(repoRoot, "docs", name), "utf8");
const OVERVIEW_LANGUAGES = ["typescript", "python", "go", "csharp", "yaml"];

/** The page's front matter, as the Registry reads it. */
function frontMatter(text: string): Record<string, unknown> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return block?.[1] === undefined ? {} : (parse(block[1]) as Record<string, unknown>);
}

/** The table row of a setting on the installation page: the line that starts with it. */
function settingRow(text: string, key: string): string {
  return text.split("\n").find((line) => line.startsWith(`| \`${key}\` |`)) ?? "";
}

describe.each(["_index.md", "installation-configuration.md"])("docs/%s", (name) => {
  it("opens with the front matter of a Registry package page", () => {
    const matter = frontMatter(page(name));
    expect(matter["layout"]).toBe("package");
    expect(matter["title"]).toMatch(/^Weights & Biases/);
    expect(String(matter["meta_desc"]).length).toBeGreaterThan(20);
  });
});

describe("docs/installation-configuration.md", () => {
  const text = page("installation-configuration.md");

  it.each(Object.entries(schema.config.variables))("documents wandb:%s with its config command and environment variable", (key, variable) => {
    const row = settingRow(text, key);
    expect(row, `no row for ${key} in the settings table`).toContain(`\`pulumi config set wandb:${key} `);
    for (const environment of variable.defaultInfo?.environment ?? []) expect(row).toContain(`\`${environment}\``);
    if (variable.secret) expect(row).toContain("--secret");
  });

  it("documents no setting the schema does not declare", () => {
    const documented = [...text.matchAll(/^\| `(\w+)` \| `pulumi config set/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(schema.config.variables).sort());
  });

  it("installs the plugin from its release archive and from the download URL the schema names", () => {
    expect(text).toContain("pulumi plugin install resource wandb v<version> --file pulumi-resource-wandb-v<version>-");
    expect(text).toContain(schema.pluginDownloadURL);
  });
});

describe("docs/_index.md", () => {
  const text = page("_index.md");
  const example = (language: string) =>
    new RegExp(`\\{\\{% choosable language ${language} %\\}\\}\\n\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(text)?.[1] ?? "";

  it("shows its example in every language, in one chooser", () => {
    expect(text).toContain(`{{< chooser language "${OVERVIEW_LANGUAGES.join(",")}" >}}`);
    for (const language of OVERVIEW_LANGUAGES) expect(example(language), language).not.toBe("");
  });

  it("declares in YAML only resources of the schema, with their required inputs and no property they lack", () => {
    const program = parse(example("yaml")) as { resources: Record<string, { type: string; properties: Record<string, unknown> }> };
    for (const [name, resource] of Object.entries(program.resources)) {
      const spec = schema.resources[resource.type];
      expect(spec, `${name}: ${resource.type}`).toBeDefined();
      expect(Object.keys(resource.properties).filter((property) => !(property in (spec?.inputProperties ?? {})))).toEqual([]);
      expect((spec?.requiredInputs ?? []).filter((property) => !(property in resource.properties))).toEqual([]);
    }
  });
});
