// The Pulumi package schema of the native `wandb` plugin: what GetSchema serves and
// provider/schema/schema.json holds (the input of SDK generation), derived from the zod schemas
// the provider checks with.
import type { z } from "zod";
import { packageManifest } from "../../model/package-manifest";
import { configurationProperties } from "./configuration";
import { PACKAGE_EXTRAS, type FunctionDefinition, type SchemaExtras } from "./package-extras";

export type { ComponentDefinition, FunctionDefinition, SchemaExtras } from "./package-extras";
import { PACKAGE_NAME, tokenOf } from "../../model/tokens";
import { type FunctionSpec, type ObjectTypeSpec, type PackageSpec, type Properties, type ResourceSpec } from "./pulumi-package";
import { SHAPES } from "../../model/shapes";
import { fieldDescription, type FieldTable } from "../../model/shapes/fields";
import { mergeTypes, objectProperties, type NamedType } from "./zod-properties";
import { withExamples } from "./schema-examples";

/**
 * The release host: the engine fetches `pulumi-resource-wandb-v<version>-<os>-<arch>.tar.gz` from
 * this repository's GitHub releases, the owner the Go module path names.
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-wandb/pulumi-wandb";

/** The GitHub repository PLUGIN_DOWNLOAD_URL names: the Registry links to it and shows its logo. */
export const REPOSITORY_URL = `https://github.com/${PLUGIN_DOWNLOAD_URL.replace("github://api.github.com/", "")}`;

/** The logo the Registry shows (docs/logo.png), served raw from the repository's default branch. */
export const LOGO_URL = `${REPOSITORY_URL.replace("https://github.com/", "https://raw.githubusercontent.com/")}/main/docs/logo.png`;

const PROVIDER_DESCRIPTION = "The provider of the wandb package: the W&B deployment whose organization it manages, and how it talks to it.";

/** Where the schema is committed, under the package's root: the input of SDK generation. */

/** The package schema: configuration, provider, the custom resources, and `extra`'s functions and components (by default, the package's own). */
export function packageSchema(extra: SchemaExtras = PACKAGE_EXTRAS): PackageSpec {
  const manifest = packageManifest();
  const types = new Map<string, NamedType>();
  const resources: Record<string, ResourceSpec> = {};
  for (const [kind, resource] of Object.entries(SHAPES)) {
    resources[tokenOf(kind)] = withReplacements(resourceSpec(tokenOf(kind), resource, types), resource.fields);
  }
  for (const component of extra.components ?? []) {
    resources[component.token] = { ...resourceSpec(component.token, component, types), isComponent: true };
  }
  const functions: Record<string, FunctionSpec> = {};
  for (const definition of extra.functions ?? []) functions[definition.token] = functionSpec(definition, types);
  return {
    name: PACKAGE_NAME,
    displayName: "Weights & Biases",
    description: manifest.description,
    version: manifest.version,
    license: manifest.license,
    publisher: "pulumi-wandb",
    homepage: REPOSITORY_URL,
    repository: REPOSITORY_URL,
    logoUrl: LOGO_URL,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    // The Registry files the package under its `category/` keyword; `kind/native` says it is no bridged Terraform provider.
    keywords: ["pulumi", "wandb", "weights-and-biases", "mlops", "category/utility", "kind/native"],
    meta: { supportPack: true },
    config: { variables: configurationProperties() },
    provider: { description: PROVIDER_DESCRIPTION, inputProperties: configurationProperties() },
    resources,
    functions,
    types: Object.fromEntries([...types].sort(([a], [b]) => a.localeCompare(b)).map(([typeToken, type]) => [typeToken, type.spec])),
    language: {
      // `pulumi-wandb` is the dynamic-resource SDK's npm name; the generated SDK is another package.
      nodejs: { packageName: "@pulumi-wandb/wandb", packageDescription: manifest.description, respectSchemaVersion: true },
      python: { packageName: "pulumi_wandb", respectSchemaVersion: true, pyproject: { enabled: true } },
      // Container types (UserArray, TeamMap, ...) let Go programs pass lists of resources as inputs.
      // NuGet reserves the `Pulumi.` prefix for Pulumi's own packages: this one is PulumiWandb.Wandb.
      csharp: { rootNamespace: "PulumiWandb", respectSchemaVersion: true },
      go: { importBasePath: "github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb", respectSchemaVersion: true, generateResourceContainerTypes: true },
    },
  };
}

/** The package schema as JSON text, as GetSchema serves it and schema.json holds it. */
export function packageSchemaText(extra: SchemaExtras = PACKAGE_EXTRAS): string {
  return `${JSON.stringify(packageSchema(extra), null, 2)}\n`;
}

function resourceSpec(
  where: string,
  definition: { description: string; inputs: z.ZodType; outputs: z.ZodType },
  types: Map<string, NamedType>,
): ResourceSpec {
  const inputs = objectProperties(definition.inputs, "input", `${where} inputs`);
  const outputs = objectProperties(definition.outputs, "output", `${where} outputs`);
  mergeTypes(types, inputs.types);
  mergeTypes(types, outputs.types);
  return {
    description: withExamples(definition.description, where),
    properties: describedLike(outputs.properties, inputs.properties),
    required: outputs.required,
    inputProperties: inputs.properties,
    requiredInputs: inputs.required,
  };
}

function functionSpec(definition: FunctionDefinition, types: Map<string, NamedType>): FunctionSpec {
  const inputs = objectProperties(definition.inputs, "input", `${definition.token} arguments`);
  const outputs = objectProperties(definition.outputs, "output", `${definition.token} result`);
  mergeTypes(types, inputs.types);
  mergeTypes(types, outputs.types);
  const objectOf = (read: { properties: Properties; required: string[] }): Omit<ObjectTypeSpec, "type"> => ({
    properties: read.properties,
    required: read.required,
  });
  return {
    description: withExamples(definition.description, definition.token),
    ...(Object.keys(inputs.properties).length === 0 ? {} : { inputs: objectOf(inputs) }),
    outputs: objectOf(outputs),
  };
}

/**
 * Each property whose change replaces the resource, as the kind's table says: marked
 * `replaceOnChanges`, and its description says so, on the input and on the output alike.
 */
function withReplacements(spec: ResourceSpec, fields: FieldTable): ResourceSpec {
  const replaced = (properties: Properties): Properties =>
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const rule = fields[name];
        if (rule?.owner !== "program" || !rule.replaces) return [name, property];
        return [name, { ...property, description: fieldDescription(fields, name, property.description), replaceOnChanges: true }];
      }),
    );
  return { ...spec, properties: replaced(spec.properties), inputProperties: replaced(spec.inputProperties) };
}

/** Outputs that repeat an input and have no description of their own are described as that input is. */
function describedLike(outputs: Properties, inputs: Properties): Properties {
  return Object.fromEntries(
    Object.entries(outputs).map(([name, output]) => {
      const description = output.description ?? inputs[name]?.description;
      return [name, description === undefined ? output : { ...output, description }];
    }),
  );
}
