// Values between the engine's protobuf Structs and plain JavaScript.
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";

type Plain = Record<string, unknown>;

/** A Struct as plain JavaScript; an absent Struct is an empty object. */
export function fromStruct(struct: structProto.Struct | undefined): Plain {
  return struct?.toJavaScript() ?? {};
}

/** Plain data as a Struct: absent (undefined) properties are left out, as JSON leaves them out. */
export function toStruct(value: object): structProto.Struct {
  return structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)));
}

/** A Struct as plain JavaScript, secrets unwrapped: what the core works with. */
export function plainOf(struct: structProto.Struct | undefined): Plain {
  return Object.fromEntries(Object.entries(fromStruct(struct)).map(([key, value]) => [key, revealed(value)]));
}

/** The top-level properties of `given` that the engine sent as secrets. */
export function secretKeysOf(struct: structProto.Struct | undefined): ReadonlySet<string> {
  return new Set(Object.entries(fromStruct(struct)).filter(([, value]) => isSecret(value)).map(([key]) => key));
}

/** `values` with the properties named in `secret` wrapped as secrets: a secret input stays a secret output. */
export function withSecrets(values: Plain, secret: ReadonlySet<string>): Plain {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, secret.has(key) && value !== undefined ? asSecret(value) : value]));
}

/** Whether a value is the engine's wrapping of a secret. */
function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Plain)[specialSigKey] === specialSecretSig;
}

/** A value with every secret wrapping taken off, for code that needs the plain value. */
export function revealed(value: unknown): unknown {
  if (isSecret(value)) return revealed(value.value);
  if (Array.isArray(value)) return value.map(revealed);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, revealed(v)]));
  return value;
}

/** A value wrapped as a secret, so that the engine keeps it encrypted in state. */
export function asSecret(value: unknown): unknown {
  return isSecret(value) ? value : { [specialSigKey]: specialSecretSig, value };
}
