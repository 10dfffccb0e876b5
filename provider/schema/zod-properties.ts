// Pulumi property specs from the zod schemas that check inputs and state, through the JSON Schema
// zod emits: the schema is never written by hand, so it cannot drift from what the provider accepts.
import { z } from "zod";
import { tokenOf } from "../../model/tokens";
import { ANY_TYPE, typeReference, type ObjectTypeSpec, type Properties, type PropertySpec, type TypeSpec } from "./pulumi-package";

type JsonSchema = z.core.JSONSchema.JSONSchema;

/**
 * Which side of a zod schema is read: `input` is what a program may pass (fields with a default are
 * optional, a transform is seen as what it accepts), `output` what the provider hands back.
 */
export type Side = "input" | "output";

/** An object type a property refers to by name, and the side it was read from. */
export interface NamedType {
  readonly side: Side;
  readonly spec: ObjectTypeSpec;
}

/** The properties of a zod object, and the named object types they refer to, by token. */
export interface ObjectProperties {
  readonly properties: Properties;
  readonly required: string[];
  readonly types: ReadonlyMap<string, NamedType>;
}

/** How a nested object is named (zod `.meta({ id })`): it becomes the type `wandb:index:<id>`. */
const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;

const DEFS_PREFIX = "#/$defs/";

/**
 * The properties of the zod object `schema` as Pulumi declares them. `where` names the schema in
 * errors (e.g. `wandb:index:User inputs`). A nested object must be named with `.meta({ id })`;
 * descriptions come from `.meta({ description })` or `.describe()`, secrets from `.meta({ secret: true })`.
 * Enumerations are plain strings (their values belong in the description): a value added later
 * then breaks no program typed against an older SDK.
 */
export function objectProperties(schema: z.ZodType, side: Side, where: string): ObjectProperties {
  const json = z.toJSONSchema(schema, { io: side, unrepresentable: "throw" });
  const types = new Map<string, NamedType>();
  for (const [name, definition] of Object.entries(json.$defs ?? {})) {
    if (!TYPE_NAME.test(name)) {
      throw new Error(`${where}: the nested type "${name}" needs a name: give its zod object .meta({ id: "<TypeName>" }) in PascalCase`);
    }
    const { properties, required } = objectOf(definition, side, `${where}, type ${name}`);
    const description = definition.description;
    types.set(tokenOf(name), { side, spec: { type: "object", ...(description === undefined ? {} : { description }), properties, required } });
  }
  // A named object at the top (a function's result that is also nested elsewhere) is a reference to its own definition.
  const top = json.$ref?.startsWith(DEFS_PREFIX) ? json.$defs?.[json.$ref.slice(DEFS_PREFIX.length)] : json;
  if (top === undefined) throw new Error(`${where}: its reference ${json.$ref} has no definition`);
  return { ...objectOf(top, side, where), types };
}

function objectOf(json: JsonSchema, side: Side, where: string): { properties: Properties; required: string[] } {
  if (json.type !== "object" || json.properties === undefined) throw new Error(`${where}: expected a zod object, got ${shown(json)}`);
  const properties: Properties = {};
  for (const [name, property] of Object.entries(json.properties)) {
    properties[name] = propertyOf(schemaOf(property, `${where}.${name}`), side, `${where}.${name}`);
  }
  return { properties, required: json.required ?? [] };
}

function propertyOf(json: JsonSchema, side: Side, where: string): PropertySpec {
  // Pulumi defaults are primitives filled in by the SDKs; any other default the provider applies itself.
  const fallback = json.default;
  const primitiveDefault = typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean";
  return {
    ...typeOf(json, where),
    ...(json.description === undefined ? {} : { description: json.description }),
    ...(side === "input" && primitiveDefault ? { default: fallback } : {}),
    ...(json["secret"] === true ? { secret: true } : {}),
  };
}

function typeOf(json: JsonSchema, where: string): TypeSpec {
  if (json.$ref !== undefined) return { $ref: referenceOf(json.$ref, where) };
  const alternatives = json.anyOf ?? json.oneOf;
  if (alternatives !== undefined) {
    const [only, ...more] = alternatives.filter((alternative) => alternative.type !== "null");
    if (only === undefined) throw new Error(`${where}: a value that is always null has no Pulumi type, got ${shown(json)}`);
    // A value of several shapes (e.g. a roster object or a file path) is Any: its description says which, and the provider checks it.
    return more.length > 0 ? { $ref: ANY_TYPE } : typeOf(only, where);
  }
  // Pulumi has no null: a nullable value is an optional one.
  const types = (Array.isArray(json.type) ? json.type : json.type === undefined ? [] : [json.type]).filter((type) => type !== "null");
  if (types.length === 0 && Object.keys(json).every((key) => !SHAPING_KEYS.has(key))) return { $ref: ANY_TYPE };
  const [type, ...others] = types;
  if (others.length > 0) return { $ref: ANY_TYPE };
  if (type === undefined) throw new Error(`${where}: unsupported type ${shown(json)}`);
  switch (type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { type };
    case "array":
      if (json.items === undefined || Array.isArray(json.items)) throw new Error(`${where}: an array needs one element type, got ${shown(json)}`);
      return { type: "array", items: typeOf(schemaOf(json.items, `${where}[]`), `${where}[]`) };
    case "object":
      if (json.properties !== undefined) {
        throw new Error(`${where}: a nested object needs a name: give its zod object .meta({ id: "<TypeName>" }) in PascalCase`);
      }
      if (json.additionalProperties === undefined) throw new Error(`${where}: an object needs its properties or its value type, got ${shown(json)}`);
      return { type: "object", additionalProperties: typeOf(schemaOf(json.additionalProperties, `${where}{}`), `${where}{}`) };
    default:
      throw new Error(`${where}: unsupported type ${shown(json)}`);
  }
}

/** Keys of a JSON Schema that say what a value is; one with none of them accepts anything. */
const SHAPING_KEYS = new Set(["type", "$ref", "anyOf", "oneOf", "allOf", "not", "enum", "const", "properties", "items"]);

function referenceOf(ref: string, where: string): string {
  if (!ref.startsWith(DEFS_PREFIX)) throw new Error(`${where}: recursive types are not supported (reference ${ref})`);
  return typeReference(ref.slice(DEFS_PREFIX.length));
}

function schemaOf(json: boolean | JsonSchema, where: string): JsonSchema {
  if (typeof json === "boolean") throw new Error(`${where}: expected a schema, got ${json}`);
  return json;
}

function shown(json: JsonSchema): string {
  return JSON.stringify(json);
}

/**
 * `into` with the named types of `from` added. A type read from both sides keeps its input side,
 * where a property with a default is optional (Pulumi's `required` binds inputs; outputs carry
 * defaults anyway); its two sides must have the same properties, and two readings of one side the same spec.
 */
export function mergeTypes(into: Map<string, NamedType>, from: ReadonlyMap<string, NamedType>): void {
  for (const [typeToken, type] of from) {
    const known = into.get(typeToken);
    if (known === undefined) {
      into.set(typeToken, type);
      continue;
    }
    const names = (named: NamedType) => Object.keys(named.spec.properties).sort().join(",");
    const differ = known.side === type.side ? JSON.stringify(known.spec) !== JSON.stringify(type.spec) : names(known) !== names(type);
    if (differ) {
      throw new Error(
        `${typeToken} is defined twice, differently: ${JSON.stringify(known.spec)} and ${JSON.stringify(type.spec)}; give each zod object its own .meta({ id })`,
      );
    }
    if (known.side === "output" && type.side === "input") into.set(typeToken, type);
  }
}
