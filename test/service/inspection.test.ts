// Errors a program can surface print as their message when inspected (Pulumi's runner inspects
// every uncaught error; the default inspection of ours there took some 20 s).
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { WandbApiError } from "../../service";
import { WandbConfigError } from "../../service/config";
import { WandbLookupError } from "../../model/functions/errors";
import { RosterError } from "../../model/roster/roster";

describe("inspecting an error of this package", () => {
  it("gives its name and message, without a stack or the objects it carries", () => {
    const lookup = new WandbLookupError({ kind: "not-found", function: "getModel", searched: { id: "x" }, message: 'model "x" is not offered' });
    expect(inspect(lookup, { colors: true })).toBe('WandbLookupError: getModel: model "x" is not offered');
    const config = new WandbConfigError(["Missing wandb:apiKey"]);
    expect(inspect(config)).toBe(`WandbConfigError: ${config.message}`);
    expect(inspect(config)).not.toContain("    at ");
  });

  it("holds for the service's errors and the roster's too", () => {
    const api = new WandbApiError({
      service: "scim",
      status: 404,
      method: "GET",
      path: "/scim/Users/x",
      request: { method: "GET", url: "https://acme.wandb.io/scim/Users/x", headers: {} },
      attempts: 1,
    });
    expect(inspect(api)).toBe(`WandbApiError: ${api.message}`);
    const roster = new RosterError([
      { file: "roster.yaml", line: 3, entry: 'users[0] "ana"', problem: "email is missing", fix: "add it", path: ["users", 0], message: 'roster.yaml:3: users[0] "ana": email is missing: add it' },
    ]);
    expect(inspect(roster)).toBe(`${roster.name}: ${roster.message}`);
  });
});
