// Values between the engine's protobuf Structs and plain JavaScript.
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";

type Plain = Record<string, unknown>;

/** A Struct as plain JavaScript; an absent Struct is an empty object. */
export function fromStruct(struct: structProto.Struct | undefined): Plain {
  return struct?.toJavaScript() ?? {};
}

type Json = structProto.JavaScriptValue;

/** Plain data as a Struct: absent (undefined) properties are left out, as JSON leaves them out. */
export function toStruct(value: object): structProto.Struct {
  return structProto.Struct.fromJavaScript(jsonObject(value));
}

// Plain data as JSON would carry it (undefined properties left out, undefined items null), without the text in between.
function jsonObject(value: object): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    const json = jsonValue(item);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

function jsonValue(value: unknown): Json | undefined {
  if (Array.isArray(value)) return value.map((item) => jsonValue(item) ?? null);
  if (typeof value === "object" && value !== null) return jsonObject(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) return value;
  return undefined;
}

/** A Struct's values as the core works with them (secrets unwrapped), and the top-level keys the engine sent as secrets. */
export function unwrapped(struct: structProto.Struct | undefined): { plain: Plain; secretKeys: ReadonlySet<string> } {
  const values = fromStruct(struct);
  return { plain: revealedRecord(values), secretKeys: secretKeysIn(values) };
}

/** A Struct as plain JavaScript, secrets unwrapped: what the core works with. */
export function plainOf(struct: structProto.Struct | undefined): Plain {
  return revealedRecord(fromStruct(struct));
}

/** The top-level properties of `given` that the engine sent as secrets. */
export function secretKeysOf(struct: structProto.Struct | undefined): ReadonlySet<string> {
  return secretKeysIn(fromStruct(struct));
}

const revealedRecord = (values: Plain): Plain => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, revealed(value)]));
const secretKeysIn = (values: Plain): ReadonlySet<string> => new Set(Object.keys(values).filter((key) => isSecret(values[key])));

/** `values` with the properties named in `secret` wrapped as secrets: a secret input stays a secret output. */
export function withSecrets(values: Plain, secret: ReadonlySet<string>): Plain {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, secret.has(key) && value !== undefined ? asSecret(value) : value]));
}

/** Whether a value is the engine's wrapping of a secret. */
function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Plain)[specialSigKey] === specialSecretSig;
}

/** A value with every secret wrapping taken off, for code that needs the plain value; copied only where a wrapping was. */
export function revealed(value: unknown): unknown {
  if (isSecret(value)) return revealed(value.value);
  if (Array.isArray(value)) {
    const items = value.map(revealed);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (typeof value === "object" && value !== null) {
    let copy: Plain | undefined;
    for (const [key, item] of Object.entries(value)) {
      const plain = revealed(item);
      if (plain !== item) (copy ??= { ...value })[key] = plain;
    }
    return copy ?? value;
  }
  return value;
}

/** A value wrapped as a secret, so that the engine keeps it encrypted in state. */
export function asSecret(value: unknown): unknown {
  return isSecret(value) ? value : { [specialSigKey]: specialSecretSig, value };
}
