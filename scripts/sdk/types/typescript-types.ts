// TypeScript declarations from the JSON Schema zod emits for a shape: plain interfaces with each
// property's description as JSDoc, so that the published .d.ts reads the same under the TypeScript
// 3.8 that @pulumi/pulumi falls back to as under TypeScript 5, and hovers show the docs.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/**
 * How values are typed: `plain` as they are, `input` as Pulumi inputs (every value, and each of its
 * elements and properties, may be an Output or a promise), `output` as a resource's outputs (each
 * property a Pulumi Output of its plain value).
 */
export type Mode = "plain" | "input" | "output";

/** What one file declares: named object types are declared once, and shapes met again are named. */
export class Declarations {
  private readonly named = new Map<string, string>();
  private readonly order: string[] = [];
  private readonly shapes: { name: string; json: JsonSchema }[] = [];

  /** Calls a value of this JSON Schema `name` wherever it appears, instead of spelling it out. */
  nameShape(name: string, json: JsonSchema): void {
    this.shapes.push({ name, json: withoutDefinitions(json) });
  }

  /** The name given to this JSON Schema, if any. */
  shapeName(json: JsonSchema): string | undefined {
    return this.shapes.find((shape) => isDeepStrictEqual(shape.json, json))?.name;
  }

  /** Keeps the place of a declaration to come, before the types it refers to. */
  reserve(name: string): void {
    if (!this.order.includes(name)) this.order.push(name);
  }

  /** Adds a declaration; one of the same name must say the same. */
  declare(name: string, text: string): void {
    const known = this.named.get(name);
    if (known === undefined) {
      this.named.set(name, text);
      this.reserve(name);
    } else if (known !== text) {
      throw new Error(`${name} is declared twice, differently:\n${known}\n${text}`);
    }
  }

  text(): string {
    return this.order.map((name) => this.named.get(name)).join("\n\n");
  }
}

const DEFS_PREFIX = "#/$defs/";

/** The JSON Schema of one side of a zod schema: `input` where defaults make fields optional. */
export function jsonSchemaOf(schema: z.ZodType, side: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io: side, unrepresentable: "throw" });
}

function withoutDefinitions(json: JsonSchema): JsonSchema {
  const { $defs: _definitions, $schema: _dialect, ...rest } = json;
  return rest;
}

/**
 * Declares `name`, documented by `doc` (else the schema's description): the interface of the object
 * `json`, or, when `json` only refers to a named object type, another name of that type. The named
 * types it refers to are declared too. A property `json` does not describe takes its description
 * from the same property of `describedBy` (a resource's state from its inputs).
 */
export function declareType(into: Declarations, name: string, json: JsonSchema, mode: Mode, doc?: string, describedBy?: JsonSchema): void {
  const context = { into, definitions: json.$defs ?? {}, mode };
  into.reserve(name);
  if (json.$ref === undefined) return into.declare(name, interfaceText(name, objectOf(json), context, doc, describedBy));
  into.declare(name, `${docComment(doc, "")}export type ${name} = ${definedType(json.$ref, context)};`);
}

interface Context {
  readonly into: Declarations;
  readonly definitions: Record<string, JsonSchema>;
  readonly mode: Mode;
}

/** A definition in input mode is the input form of the type, which is a type of its own. */
function definitionName(id: string, mode: Mode): string {
  return mode === "input" ? `${id}Args` : id;
}

function objectOf(json: JsonSchema): JsonSchema {
  if (json.type !== "object" || json.properties === undefined) throw new Error(`expected an object, got ${JSON.stringify(json)}`);
  return json;
}

function interfaceText(name: string, object: JsonSchema, context: Context, doc = object.description, describedBy?: JsonSchema): string {
  return `${docComment(doc, "")}export interface ${name} ${membersText(object, context, "", describedBy)}`;
}

/** `{ ... }` with one documented member per property. */
function membersText(object: JsonSchema, context: Context, indent: string, describedBy?: JsonSchema): string {
  const required = new Set(object.required ?? []);
  const inner = `${indent}  `;
  const members = Object.entries(object.properties ?? {}).map(([property, value]) => {
    const json = schemaOf(value);
    const optional = !required.has(property);
    const described = describedBy?.properties?.[property];
    const description = json.description ?? (typeof described === "object" ? described.description : undefined);
    return `${docComment(propertyDoc(description, json.default), inner)}${inner}${memberText(property, json, optional, context, inner)}`;
  });
  return `{\n${members.join("\n")}\n${indent}}`;
}

function memberText(property: string, json: JsonSchema, optional: boolean, context: Context, indent: string): string {
  const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(property) ? property : JSON.stringify(property);
  if (context.mode === "output") {
    // Every output exists on the resource; one the state may lack is an Output of undefined.
    const value = typeText(json, { ...context, mode: "plain" }, indent);
    return `readonly ${key}: pulumi.Output<${optional ? `${value} | undefined` : value}>;`;
  }
  return `${key}${optional ? "?" : ""}: ${typeText(json, context, indent)};`;
}

function propertyDoc(description: string | undefined, fallback: unknown): string | undefined {
  const defaultTag = fallback === undefined ? undefined : `@default ${JSON.stringify(fallback)}`;
  return [description, defaultTag].filter((part) => part !== undefined).join("\n\n") || undefined;
}

/** The type of a value; in input mode, a Pulumi input of it, whose parts are inputs too. */
function typeText(json: JsonSchema, context: Context, indent: string): string {
  const plain = plainTypeText(json, context, indent);
  return context.mode === "input" ? `pulumi.Input<${plain}>` : plain;
}

function plainTypeText(json: JsonSchema, context: Context, indent: string): string {
  const named = context.into.shapeName(json);
  if (named !== undefined) return named;
  if (json.$ref !== undefined) return definedType(json.$ref, context);
  const alternatives = json.anyOf ?? json.oneOf;
  if (alternatives !== undefined) return alternatives.map((alternative) => typeText(schemaOf(alternative), context, indent)).join(" | ");
  if (json.enum !== undefined) return json.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (json.const !== undefined) return JSON.stringify(json.const);
  // A union of primitives is one schema of several types.
  if (Array.isArray(json.type)) return json.type.map((type) => plainTypeText({ ...json, type }, context, indent)).join(" | ");
  switch (json.type) {
    case "null":
      return "null";
    case "string":
    case "boolean":
      return json.type;
    case "number":
    case "integer":
      return "number";
    case "array": {
      if (json.items === undefined || Array.isArray(json.items)) throw new Error(`an array needs one element type, got ${JSON.stringify(json)}`);
      const items = schemaOf(json.items);
      const element = typeText(items, context, indent);
      return context.mode === "plain" && isUnion(items) ? `(${element})[]` : `${element}[]`;
    }
    case "object":
      if (json.properties !== undefined) return membersText(json, context, indent);
      if (json.additionalProperties !== undefined && json.additionalProperties !== false) {
        return `{ [key: string]: ${typeText(schemaOf(json.additionalProperties), context, indent)} }`;
      }
      throw new Error(`an object needs its properties or its value type, got ${JSON.stringify(json)}`);
    case undefined:
      return "unknown";
    default:
      throw new Error(`unsupported type ${JSON.stringify(json)}`);
  }
}

function isUnion(json: JsonSchema): boolean {
  return (json.anyOf ?? json.oneOf ?? json.enum ?? (Array.isArray(json.type) ? json.type : [])).length > 1;
}

function definedType(ref: string, context: Context): string {
  if (!ref.startsWith(DEFS_PREFIX)) throw new Error(`recursive types are not supported (reference ${ref})`);
  const id = ref.slice(DEFS_PREFIX.length);
  const definition = context.definitions[id];
  if (definition === undefined) throw new Error(`the reference ${ref} has no definition`);
  const name = definitionName(id, context.mode);
  context.into.declare(name, interfaceText(name, objectOf(definition), context));
  return name;
}

function schemaOf(json: boolean | JsonSchema): JsonSchema {
  if (typeof json === "boolean") throw new Error(`expected a schema, got ${json}`);
  return json;
}

const LINE_WIDTH = 100;

/** A JSDoc comment, its paragraphs wrapped; nothing for no text. */
export function docComment(text: string | undefined, indent: string): string {
  if (text === undefined || text.trim() === "") return "";
  const width = LINE_WIDTH - indent.length - 3;
  if (!text.includes("\n") && text.length <= width - 4) return `${indent}/** ${commentSafe(text)} */\n`;
  const lines = text.split("\n\n").flatMap((paragraph, i) => [...(i > 0 ? [""] : []), ...wrapped(paragraph, width)]);
  const body = lines.map((line) => `${indent} *${line === "" ? "" : ` ${commentSafe(line)}`}`);
  return `${indent}/**\n${body.join("\n")}\n${indent} */\n`;
}

/** A "*\/" in a description would end the comment early. */
function commentSafe(text: string): string {
  return text.replace(/\*\//g, "*\\/");
}

function wrapped(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
