// Values between the engine's Structs and plain JavaScript, in-process.
import { describe, expect, it } from "vitest";
import { asSecret, revealed, toStruct, unwrapped } from "../../../../provider/doors/plugin/struct";

describe("the plugin's Struct conversions", () => {
  it("carries plain data as JSON would: undefined properties left out, undefined items null", () => {
    const struct = toStruct({ a: 1, b: undefined, c: { d: undefined, e: ["x", undefined] }, f: null, g: true });
    expect(struct.toJavaScript()).toEqual({ a: 1, c: { e: ["x", null] }, f: null, g: true });
  });

  it("unwraps secrets at any depth and names the top-level keys sent as secrets", () => {
    const struct = toStruct({ apiKey: asSecret("k") as object, nested: { token: asSecret("t") as object }, name: "ana" });
    const { plain, secretKeys } = unwrapped(struct);
    expect(plain).toEqual({ apiKey: "k", nested: { token: "t" }, name: "ana" });
    expect([...secretKeys]).toEqual(["apiKey"]);
  });

  it("copies nothing that holds no secret", () => {
    const value = { members: ["a", "b"], meta: { etag: "W/1" } };
    expect(revealed(value)).toBe(value);
    const withSecret = { members: ["a"], meta: asSecret({ etag: "W/1" }) };
    expect(revealed(withSecret)).toEqual({ members: ["a"], meta: { etag: "W/1" } });
    expect(withSecret.meta).not.toEqual({ etag: "W/1" });
  });
});
