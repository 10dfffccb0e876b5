import { describe, expect, it } from "vitest";
import { sameState } from "../../../provider/kit/compare";

describe("sameState: two states compare as their JSON would, key order aside", () => {
  it("ignores the order of keys at every depth, not the order of arrays", () => {
    expect(sameState({ a: 1, b: { c: [1, 2], d: "x" } }, { b: { d: "x", c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameState({ teams: ["a", "b"] }, { teams: ["b", "a"] })).toBe(false);
  });

  it("treats a key whose value is undefined as no key, and null as a value", () => {
    expect(sameState({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameState({ a: 1, b: null }, { a: 1 })).toBe(false);
  });

  it("tells apart values of different kinds, lengths and contents", () => {
    expect(sameState({ a: [] }, { a: {} })).toBe(false);
    expect(sameState({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameState({ a: "1" }, { a: 1 })).toBe(false);
    expect(sameState({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(sameState({ a: 1 }, { a: 1, c: 2 })).toBe(false);
  });
});
