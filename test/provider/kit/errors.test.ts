// The client's errors say what happened; the provider adds what to do next in Pulumi, once, where a
// failure reaches the engine (kit/engine-calls), and in the reason of a half-made resource.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { WandbApiError } from "../../../service";
import { kindCalls } from "../../../provider/kit/engine-calls";
import { ResourceInitError, withPulumiAdvice } from "../../../provider/kit/errors";
import { unconfiguredOperation } from "../../support/provider";
import { storedState } from "../../../provider/kit/state";

const failure = (status: number, extra: { outcomeUnknown?: boolean; collection?: boolean; detail?: string; method?: string } = {}) =>
  new WandbApiError({
    service: "scim",
    status,
    method: extra.method ?? "PATCH",
    path: "/scim/Users/u1",
    request: { method: extra.method ?? "PATCH", url: "https://w.example/scim/Users/u1", headers: {} },
    attempts: 1,
    ...extra,
  });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

describe("Pulumi advice on a failure of the service", () => {
  it.each([
    ["a write whose connection broke", failure(0, { outcomeUnknown: true }), "may or may not have been applied. Run `pulumi up` again: it reads what landed"],
    ["a write answered 5xx", failure(500, { outcomeUnknown: true }), "may or may not have been applied. Run `pulumi up` again"],
    ["a 409", failure(409, { method: "POST", collection: true }), 'set `adoptExisting: true` on the resource (a User or Team also takes `importId: "<SCIM id>"`'],
    ["a 404 of one object", failure(404), "It does not exist. It may have been deleted outside Pulumi: run `pulumi refresh`."],
    ["a 412", failure(412), "Run `pulumi refresh`, then `pulumi up` again"],
    ["the seat limit", failure(400, { detail: "Seat limit reached" }), "raise the plan's seat limit. Then run `pulumi up` again."],
    ["a 400", failure(400), "rejected the request as invalid. Check the resource's inputs."],
    ["a 401", failure(401), "Authentication failed. Check the API key (wandb:apiKey / WANDB_API_KEY)"],
    ["a 401, after the key was corrected", failure(401), "Run `pulumi refresh` and `pulumi destroy` with `--run-program`"],
  ])("%s: the client's message, then what to do in Pulumi", (_what, error, advised) => {
    expect(error.message).not.toContain("pulumi");
    expect(messageOf(withPulumiAdvice(error))).toContain(advised);
    expect(messageOf(withPulumiAdvice(error)).startsWith(error.message)).toBe(true);
  });

  it("a 401 says what to check in a line; W&B's answer to a key of an admin of several organizations says how to pick one", () => {
    expect(failure(401).message.length).toBeLessThan(300);
    const multiOrg = failure(401, { detail: "user is associated with multiple organizations but no valid org ID found in user info" });
    expect(multiOrg.message).toMatch(/admin of several organizations: set its Default API organization/);
  });

  it("adds nothing where Pulumi has nothing to add: the client's error passes as it is", () => {
    // No SCIM API at the URL: the client's message names the settings to check.
    const noApi = failure(404, { method: "GET", collection: true });
    const denied = failure(403);
    // Adoption answers a create's conflict, not an update's.
    const updateConflict = failure(409, { method: "PATCH" });
    const other = new Error("not the service's");
    for (const error of [noApi, denied, updateConflict, other]) expect(withPulumiAdvice(error)).toBe(error);
  });

  it("a half-made resource gives the advice in its reason", () => {
    const halfMade = new ResourceInitError("u1", {}, failure(0, { outcomeUnknown: true }));
    expect(halfMade.reasons[0]).toContain("Run `pulumi up` again");
    expect(halfMade.message).toMatch(/^created u1, but could not finish setting it up: .*Run `pulumi up` again/);
  });

  it("every call of a kind reaches the engine with the advice, whichever front door it came through", async () => {
    const gone = failure(404);
    const calls = kindCalls({
      inputs: z.object({}),
      state: storedState({ kind: "User", schema: z.object({}), migrations: [], adoptAgain: () => "" }),
      check: async () => ({}),
      diff: async () => ({}),
      create: () => Promise.reject(gone),
      read: () => Promise.reject(gone),
      update: () => Promise.reject(gone),
      delete: () => Promise.reject(gone),
    });
    const operation = unconfiguredOperation();
    const attempts = [calls.create(operation, {}), calls.read(operation, "u1", {}), calls.update(operation, "u1", {}, {}), calls.delete(operation, "u1", {})];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(`${gone.message} It may have been deleted outside Pulumi: run \`pulumi refresh\`.`);
  });
});
