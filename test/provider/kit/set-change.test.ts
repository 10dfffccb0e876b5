import { describe, expect, it } from "vitest";
import { describeSetChange, setChange } from "../../../provider/kit/set-change";

describe("set changes", () => {
  it("are what joins and what leaves, whatever the order", () => {
    expect(setChange(["project:delete", "run:stop"], ["run:stop", "run:delete"])).toEqual({ added: ["run:delete"], removed: ["project:delete"] });
    expect(setChange(["a", "b"], ["b", "a"])).toEqual({ added: [], removed: [] });
  });

  it("compare items after a fold, keeping the spelling written", () => {
    expect(setChange(["Ana@Example.com", "id1"], ["ana@example.com", "id2"], (s) => (s.includes("@") ? s.toLowerCase() : s))).toEqual({
      added: ["id2"],
      removed: ["id1"],
    });
  });

  it("read as one line naming the property and its owner, or nothing when nothing changes", () => {
    expect(describeSetChange("members", 'team "ml"', { added: ["a@x.io"], removed: ["b@x.io", "c"] })).toBe('members of team "ml": + a@x.io, - b@x.io, - c');
    expect(describeSetChange("members", 'team "ml"', { added: [], removed: [] })).toBeUndefined();
  });
});
