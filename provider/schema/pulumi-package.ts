// The part of Pulumi's package schema format (pkg/codegen/schema, pulumi.json) that the wandb package uses.
import { tokenOf } from "../../model/tokens";

export type PrimitiveType = "string" | "integer" | "number" | "boolean";

/** A reference to a type: a primitive, an array, a map (string keys), or a named object type or Pulumi's `Any`. */
export type TypeSpec =
  | { type: PrimitiveType }
  | { type: "array"; items: TypeSpec }
  | { type: "object"; additionalProperties: TypeSpec }
  | { $ref: string };

export type PropertySpec = TypeSpec & {
  description?: string;
  /** What the SDKs fill in when the property is left out. */
  default?: string | number | boolean;
  /** Environment variables the SDKs read, in order, when the property is left out. */
  defaultInfo?: { environment: string[] };
  secret?: boolean;
  /** A change of the property replaces the resource: the SDKs ask the engine to, whatever the provider's diff says. */
  replaceOnChanges?: boolean;
};

export type Properties = Record<string, PropertySpec>;

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Properties;
  required?: string[];
}

export interface ResourceSpec {
  description?: string;
  isComponent?: boolean;
  /** The outputs. */
  properties: Properties;
  required?: string[];
  inputProperties: Properties;
  requiredInputs?: string[];
}

export interface FunctionSpec {
  description?: string;
  inputs?: Omit<ObjectTypeSpec, "type">;
  outputs: Omit<ObjectTypeSpec, "type">;
}

export interface PackageSpec {
  name: string;
  displayName: string;
  description: string;
  version: string;
  license: string;
  /** Who publishes the package, as the Pulumi Registry shows it. */
  publisher: string;
  homepage: string;
  repository: string;
  /** An image the Registry shows for the package. */
  logoUrl: string;
  /** Search terms; the Registry files the package under the one of the form `category/<name>`. */
  keywords: string[];
  /** Where the engine downloads the plugin when a program needs it: the SDKs carry it as `server`. */
  pluginDownloadURL: string;
  /**
   * `supportPack`: the generators write the schema's version into each SDK (pulumi-plugin.json,
   * the Python package's version, Go's go.mod), as `pulumi package add` and `pulumi package gen-sdk` do.
   */
  meta: { supportPack: boolean };
  config: { variables: Properties };
  provider: { description: string; inputProperties: Properties };
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, ObjectTypeSpec>;
  language: Record<string, Record<string, unknown>>;
}

/** Pulumi's stand-in for a value of any type. */
export const ANY_TYPE = "pulumi.json#/Any";

/** Where a property refers to the named type `name`. */
export function typeReference(name: string): string {
  return `#/types/${tokenOf(name)}`;
}
