// The detailed diff the native door hands the engine: set items by index, other properties whole.
import { expect, it } from "vitest";
import { propertyChanges } from "../../../provider/kit/difference";
import { setChange } from "../../../provider/kit/set-change";

it("names a set's joining items by their new index and its leaving items by their old index", () => {
  const olds = { permissions: ["a", "b", "c"] };
  const news = { permissions: ["b", "c", "d", "e"] };
  expect(propertyChanges(olds, news, ["permissions"], { permissions: setChange(olds.permissions, news.permissions) })).toEqual({
    "permissions[2]": "add",
    "permissions[3]": "add",
    "permissions[0]": "delete",
  });
});

it("shows an item leaving from the index where another joins as an update of that index", () => {
  const olds = { permissions: ["project:delete", "run:stop"] };
  const news = { permissions: ["run:delete", "run:stop"] };
  expect(propertyChanges(olds, news, ["permissions"], { permissions: setChange(olds.permissions, news.permissions) })).toEqual({
    "permissions[0]": "update",
  });
});

it("adds, deletes or updates other properties whole, and a set that appears or goes as a whole", () => {
  const olds = { name: "a", description: "old", members: undefined, teams: ["x"] };
  const news = { name: "b", description: undefined, members: ["u"], teams: undefined };
  expect(propertyChanges(olds, news, ["name", "description", "members", "teams"], { members: setChange([], ["u"]) })).toEqual({
    name: "update",
    description: "delete",
    members: "add",
    teams: "delete",
  });
});
