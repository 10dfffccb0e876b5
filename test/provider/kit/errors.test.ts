// The client's errors say what happened; the provider adds what to do next in Pulumi, once, where a
// failure reaches the engine (kit/engine-calls), and in the reason of a half-made resource.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { WandbApiError } from "../../../service";
import { kindCalls } from "../../../provider/kit/engine-calls";
import { ResourceInitError, shownFailure, withPulumiAdvice } from "../../../provider/kit/errors";
import { expectShownSafely, HOSTILE } from "../../support/hostile-names";
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

describe("a failure that quotes names from W&B", () => {
  it("shows their hidden characters by code, each line kept, as the same error", () => {
    const error = new Error(`team "${HOSTILE.bidi}" is held by ${HOSTILE.escape}\nsecond line ${HOSTILE.zeroWidth}`);
    expect(shownFailure(error)).toBe(error);
    expect(error.message).toBe('team "admin\\u202enimda" is held by red\\u001b[31mteam (hides characters)\nsecond line ana\\u200blee (hides characters)');
    const plain = new Error("nothing hidden");
    expect(shownFailure(plain)).toBe(plain);
    expect(plain.message).toBe("nothing hidden");
    const halfMade = new ResourceInitError("u1", {}, new Error(`team ${HOSTILE.bell} was not written`));
    expect(shownFailure(halfMade)).toBe(halfMade);
    for (const text of [halfMade.message, ...halfMade.reasons]) expectShownSafely(text, { markdown: false });
  });

  it("reaches the engine so from every call, a check's failures and a preview's refusal too", async () => {
    const quoted = new Error(`user "${HOSTILE.bell}" is W&B's: ${HOSTILE.bidi}`);
    const calls = kindCalls({
      inputs: z.object({}),
      state: storedState({ kind: "User", schema: z.object({}), migrations: [], adoptAgain: () => "" }),
      check: async () => ({ failures: [{ property: "userName", reason: `held by ${HOSTILE.escape}` }] }),
      diff: () => Promise.reject(quoted),
      create: () => Promise.reject(quoted),
      read: () => Promise.reject(quoted),
      update: () => Promise.reject(quoted),
      delete: () => Promise.reject(quoted),
      refusedAtCreate: async () => `W&B holds ${HOSTILE.zeroWidth}`,
    });
    const operation = unconfiguredOperation();
    const attempts = [calls.create(operation, {}), calls.read(operation, "u1", {}), calls.update(operation, "u1", {}, {}), calls.delete(operation, "u1", {})];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow('user "ding\\u0007dong" is W&B\'s: admin\\u202enimda (hides characters)');
    const checked = await calls.check(operation, {}, {});
    expect(checked.failures).toContainEqual({ property: "userName", reason: "held by red\\u001b[31mteam (hides characters)" });
    for (const failure of checked.failures ?? []) expectShownSafely(failure.reason, { markdown: false });
    const planned = await calls.previewCreate(operation, "ana", {}, { namesTakeover: false });
    expect(planned.refusal).toBe("W&B holds ana\\u200blee (hides characters)");
  });
});
