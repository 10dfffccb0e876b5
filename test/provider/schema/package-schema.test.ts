// The committed package schema is what the zod schemas derive, agrees with them property by
// property, and keeps the rules of Pulumi's schema format that can be checked without the engine.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONFIG_KEYS, CONFIG_SETTINGS } from "../../../service/config";
import { packageRoot } from "../../../model/package-manifest";
import { RESOURCE_KINDS } from "../../../model/resource-kinds";
import { packageSchema, packageSchemaText } from "../../../provider/schema/package-schema";
import { SCHEMA_FILE } from "../../../provider/schema/committed-schema";
import { CONVERTED_LANGUAGES, exampleSources } from "../../../provider/schema/schema-examples";
import type { PackageSpec, Properties, PropertySpec, TypeSpec } from "../../../provider/schema/pulumi-package";
import { SHAPES } from "../../../model/shapes";
import { replacementSummary, replacingFields } from "../../../model/shapes/fields";

const schema = packageSchema();

it("the committed schema.json is the one the zod schemas derive", () => {
  const committed = readFileSync(path.join(packageRoot(__dirname), SCHEMA_FILE), "utf8");
  expect(committed === packageSchemaText(), `${SCHEMA_FILE} is out of date: run \`npm run schema\` and commit it`).toBe(true);
});

describe.each(RESOURCE_KINDS)("wandb:index:%s", (kind) => {
  const resource = schema.resources[`wandb:index:${kind}`];
  const { inputs, outputs } = SHAPES[kind];

  it("takes exactly the properties its input check accepts, requiring those the check cannot do without", () => {
    expect(Object.keys(resource?.inputProperties ?? {})).toEqual(Object.keys(inputs.shape));
    expect(resource?.requiredInputs).toEqual(namesWhere(inputs, (field) => !field.safeParse(undefined).success));
  });

  it("outputs exactly the properties of its state, requiring those every state carries", () => {
    expect(Object.keys(resource?.properties ?? {})).toEqual(Object.keys(outputs.shape));
    expect(resource?.required).toEqual(namesWhere(outputs, (field) => field._zod.optout !== "optional"));
  });

  it("describes every input and output", () => {
    expect(undescribed(resource?.inputProperties ?? {})).toEqual([]);
    expect(undescribed(resource?.properties ?? {})).toEqual([]);
  });
});

describe("what a Registry reader is told of each resource without the README", () => {
  it.each(RESOURCE_KINDS)("wandb:index:%s: what it manages, what replaces it (from its table), its examples, then how it is imported", (kind) => {
    const description = schema.resources[`wandb:index:${kind}`]?.description ?? "";
    const [manages, replaces, examples] = description.split("\n\n");
    expect(manages).toBe(SHAPES[kind].description.split("\n\n")[0]);
    expect(replaces).toBe(replacementSummary(SHAPES[kind].fields));
    expect(examples).toMatch(/^\{\{% examples %\}\}\n/);
    expect(description.slice(description.indexOf("{{% /examples %}}"))).toMatch(/^\{\{% \/examples %\}\}\n\n## Import\n\n/);
  });

  it("names each replacing field, or says that none replaces", () => {
    expect(replacementSummary(SHAPES.User.fields)).toBe("Changing `userName` or `importId` replaces it; every other change is made in place.");
    expect(replacementSummary(SHAPES.TeamRoleAssignment.fields)).toContain("Changing `user` or `teamName` replaces it");
    expect(replacementSummary(SHAPES.RosterGuard.fields)).toBe("No change replaces it: every change is made in place.");
  });

  it("gives each importable resource a `pulumi import` command with its own type token", () => {
    for (const kind of RESOURCE_KINDS.filter((kind) => kind !== "RosterGuard")) {
      expect(schema.resources[`wandb:index:${kind}`]?.description, kind).toMatch(new RegExp(`\\$ pulumi import wandb:index:${kind} \\S+ \\S+`));
    }
    expect(schema.resources["wandb:index:Organization"]?.description).toContain("## Import\n\nA component is not imported.");
  });
});

describe("the examples of every resource and function, as the Registry and the SDKs' docstrings show them", () => {
  const described = [...Object.entries(schema.resources), ...Object.entries(schema.functions)];

  it.each(described.map(([token]) => token))("%s: an examples block, each example in TypeScript, Python, Go, C# and YAML", (token) => {
    const description = described.find(([named]) => named === token)?.[1].description ?? "";
    const block = description.match(/\{\{% examples %\}\}\n## Example Usage\n([\s\S]*?)\n\{\{% \/examples %\}\}/)?.[1];
    expect(block, `${token} has no {{% examples %}}: add examples/schema/${token.split(":")[2]}/<n>-<title>.yaml and run \`npm run gen-examples\``).toBeDefined();
    const examples = (block ?? "").split("\n{{% /example %}}").filter(Boolean);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(example).toMatch(/^\n?\{\{% example %\}\}\n### \S.*\n\n```typescript\n/);
      expect([...example.matchAll(/^```(\w+)$/gm)].map((fence) => fence[1])).toEqual([...CONVERTED_LANGUAGES.map(({ fence }) => fence), "yaml"]);
    }
  });

  it("every folder of examples/schema is a resource's or a function's", () => {
    const names = new Set(described.map(([token]) => token.split(":")[2]));
    expect(exampleSources().map((source) => source.split("/")[0]).filter((name) => !names.has(name))).toEqual([]);
  });
});

describe.each(RESOURCE_KINDS)("the committed wandb:index:%s replaces on what its table says", (kind) => {
  const committed = z.looseObject({ resources: z.record(z.string(), z.looseObject({ properties: z.record(z.string(), z.looseObject({})), inputProperties: z.record(z.string(), z.looseObject({})) })) });
  const resource = committed.parse(JSON.parse(readFileSync(path.join(packageRoot(__dirname), SCHEMA_FILE), "utf8"))).resources[`wandb:index:${kind}`];
  const { fields } = SHAPES[kind];
  const marked = (properties: Record<string, Record<string, unknown>>) => Object.keys(properties).filter((name) => properties[name]?.["replaceOnChanges"] === true);

  it("marks replaceOnChanges exactly the replacing fields, on the inputs and the outputs", () => {
    expect(marked(resource?.inputProperties ?? {})).toEqual(replacingFields(fields));
    expect(marked(resource?.properties ?? {})).toEqual(replacingFields(fields));
  });

  it("says in each replacing property's description that changing it replaces the resource, once", () => {
    for (const field of replacingFields(fields)) {
      const description = String(resource?.inputProperties[field]?.["description"]);
      expect(description.match(/replaces the resource/g), `${kind}.${field}: ${description}`).toHaveLength(1);
    }
  });
});

it("the replacing fields: a user's userName and importId, a team's storageBucket, and what names a membership or an assignment", () => {
  const replacing = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, replacingFields(SHAPES[kind].fields)]));
  expect(replacing).toEqual({
    User: ["userName", "importId"],
    Team: ["storageBucket"],
    TeamMember: ["teamId", "user"],
    CustomRole: [],
    OrganizationRoleAssignment: ["user"],
    TeamRoleAssignment: ["user", "teamName"],
    RegistryRoleAssignment: ["user", "registryName"],
    ServiceAccount: ["name", "scope", "defaultTeam", "teams"],
    RosterGuard: [],
    OrganizationMembers: [],
  });
});

describe("configuration", () => {
  it("has every setting as a config variable and a provider input, with its environment variable", () => {
    for (const variables of [schema.config.variables, schema.provider.inputProperties]) {
      expect(Object.keys(variables)).toEqual([...CONFIG_KEYS]);
      for (const key of CONFIG_KEYS) expect(variables[key]?.defaultInfo?.environment).toEqual([CONFIG_SETTINGS[key].env]);
    }
  });

  it("marks the API key secret and types the numeric settings as integers", () => {
    const variables = schema.config.variables;
    expect(Object.keys(variables).filter((key) => variables[key]?.secret)).toEqual(["apiKey"]);
    expect(Object.keys(variables).filter((key) => typeOf(variables[key]) === "integer")).toEqual(["maxConcurrency", "maxRetries", "timeoutSeconds", "minAdmins", "expiryNoticeDays"]);
  });
});

it("carries the package's version and where the engine downloads the plugin, as every generated SDK does", () => {
  const root = packageRoot(__dirname);
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  expect(schema.version).toBe(version);
  expect(schema.pluginDownloadURL).toBe("github://api.github.com/pulumi-wandb/pulumi-wandb");
  const pluginFiles = [
    JSON.parse(readFileSync(path.join(root, "sdk", "python", "pulumi_wandb", "pulumi-plugin.json"), "utf8")),
    JSON.parse(readFileSync(path.join(root, "sdk", "go", "wandb", "pulumi-plugin.json"), "utf8")),
    JSON.parse(readFileSync(path.join(root, "sdk", "dotnet", "pulumi-plugin.json"), "utf8")),
    (JSON.parse(readFileSync(path.join(root, "sdk", "nodejs", "package.json"), "utf8")) as { pulumi: unknown }).pulumi,
  ];
  for (const plugin of pluginFiles) expect(plugin).toEqual({ resource: true, name: "wandb", version, server: schema.pluginDownloadURL });
});

it("carries what the Pulumi Registry shows of the package: publisher, links, license, a category and a logo in the repository", () => {
  const root = packageRoot(__dirname);
  const repository = `https://github.com/${schema.pluginDownloadURL.replace("github://api.github.com/", "")}`;
  expect(schema.displayName).toBe("Weights & Biases");
  expect(schema.publisher).not.toBe("");
  expect(schema.license).toBe("Apache-2.0");
  expect([schema.homepage, schema.repository]).toEqual([repository, repository]);
  expect(schema.keywords.filter((keyword) => keyword.startsWith("category/"))).toHaveLength(1);
  const logoInRepository = schema.logoUrl.match(/^https:\/\/raw\.githubusercontent\.com\/([^/]+\/[^/]+)\/main\/(.+)$/);
  expect(`https://github.com/${logoInRepository?.[1]}`).toBe(repository);
  // A PNG: NuGet takes no SVG icon, and the .NET SDK embeds this one (tools/codegen/dotnet).
  const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(readFileSync(path.join(root, logoInRepository?.[2] ?? "missing")).subarray(0, 8)).toEqual(pngSignature);
});

it("keeps the rules of Pulumi's schema format", () => {
  expect(formatProblems(schema)).toEqual([]);
});

it("the format check catches a dangling reference, a malformed token and an undeclared required property", () => {
  const broken = structuredClone(schema);
  broken.resources["wandb:index:9Bad"] = {
    properties: { a: { $ref: "#/types/wandb:index:Missing" } },
    required: ["b"],
    inputProperties: {},
  };
  expect(formatProblems(broken)).toEqual([
    "resource wandb:index:9Bad: malformed token",
    "resource wandb:index:9Bad.a: reference #/types/wandb:index:Missing to no declared type",
    "resource wandb:index:9Bad: required b is not a property",
  ]);
});

function namesWhere(object: z.ZodObject, holds: (field: z.ZodType) => boolean): string[] {
  return Object.entries(object.shape)
    .filter(([, field]) => holds(field))
    .map(([name]) => name);
}

function undescribed(properties: Properties): string[] {
  return Object.keys(properties).filter((name) => !properties[name]?.description);
}

function typeOf(property: PropertySpec | undefined): string | undefined {
  return property !== undefined && "type" in property ? property.type : undefined;
}

// Stricter than Pulumi's token rule (`<package>:<module>:<name>`): one package, the `index` module.
const TYPE_TOKEN = /^wandb:index:[A-Z][A-Za-z0-9]*$/;
const FUNCTION_TOKEN = /^wandb:index:[a-z][A-Za-z0-9]*$/;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const PRIMITIVES = new Set(["string", "integer", "number", "boolean"]);

/** Where the schema breaks a rule of Pulumi's format (pulumi.json, and what binding the schema requires). */
function formatProblems(spec: PackageSpec): string[] {
  const problems: string[] = [];
  if (spec.name !== "wandb") problems.push(`name ${spec.name}`);
  if (!SEMVER.test(spec.version)) problems.push(`version ${spec.version} is not semver`);
  const declared = new Set(Object.keys(spec.types).map((token) => `#/types/${token}`));

  const checkType = (type: TypeSpec, where: string): void => {
    if ("$ref" in type) {
      if (type.$ref !== "pulumi.json#/Any" && !declared.has(type.$ref)) problems.push(`${where}: reference ${type.$ref} to no declared type`);
    } else if (type.type === "array") {
      checkType(type.items, `${where}[]`);
    } else if (type.type === "object") {
      checkType(type.additionalProperties, `${where}{}`);
    } else if (!PRIMITIVES.has(type.type)) {
      problems.push(`${where}: unknown type ${String(type.type)}`);
    }
  };
  const checkObject = (properties: Properties, required: readonly string[] | undefined, where: string): void => {
    for (const [name, property] of Object.entries(properties)) {
      checkType(property, `${where}.${name}`);
      const fallback = property.default;
      if (fallback !== undefined && typeof fallback !== typeOf(property) && !(typeof fallback === "number" && typeOf(property) === "integer")) {
        problems.push(`${where}.${name}: default ${JSON.stringify(fallback)} is not a ${typeOf(property)}`);
      }
    }
    for (const name of required ?? []) if (!(name in properties)) problems.push(`${where}: required ${name} is not a property`);
  };
  const checkToken = (token: string, rule: RegExp, where: string) => {
    if (!rule.test(token)) problems.push(`${where}: malformed token`);
  };

  checkObject(spec.config.variables, [], "config");
  checkObject(spec.provider.inputProperties, [], "provider");
  for (const [token, type] of Object.entries(spec.types)) {
    checkToken(token, TYPE_TOKEN, `type ${token}`);
    checkObject(type.properties, type.required, `type ${token}`);
  }
  for (const [token, resource] of Object.entries(spec.resources)) {
    checkToken(token, TYPE_TOKEN, `resource ${token}`);
    for (const reserved of ["id", "urn"]) if (reserved in resource.properties) problems.push(`resource ${token}: output named ${reserved}`);
    checkObject(resource.properties, resource.required, `resource ${token}`);
    checkObject(resource.inputProperties, resource.requiredInputs, `resource ${token} inputs`);
  }
  for (const [token, fn] of Object.entries(spec.functions)) {
    checkToken(token, FUNCTION_TOKEN, `function ${token}`);
    if (fn.inputs !== undefined) checkObject(fn.inputs.properties, fn.inputs.required, `function ${token} arguments`);
    checkObject(fn.outputs.properties, fn.outputs.required, `function ${token} result`);
  }
  return problems;
}
