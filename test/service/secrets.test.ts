import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllPools, WandbApiError } from "../../service";
import { resolveConfig } from "../../service/config";
import { unique } from "../support/names";
import { DIALECTS, startHarness, type Harness } from "../support/client";

afterAll(() => closeAllPools());

const WRONG_KEY = "wrong-key-9f8e7d6c5b4a39281706f5e4d3c2b1a0";

describe.each(DIALECTS)("no API key leaks (%s dialect)", (dialect) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(() => h.close());

  const catchError = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("expected a failure");
      },
      (error: unknown) => error,
    );

  it("keeps every key out of errors from 401/403/404/409/412/429/500, network failures and logs", async () => {
    const scim = h.scim();
    const name = unique("leak");
    const user = await scim.createUser({ userName: name, email: `${name}@example.com` });
    const read = await scim.getUser(user.id);
    if (read.status !== "found") throw new Error("missing user");
    await scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "changed" }]);

    const errors: unknown[] = [];
    errors.push(await catchError(h.scim({ key: WRONG_KEY }).listUsers()));
    errors.push(await catchError(h.scim({ key: h.emulator.admin.apiKey, username: undefined }).listUsers()));
    errors.push(await catchError(h.scim({ key: h.emulator.member.apiKey, username: h.emulator.member.username }).listUsers()));
    errors.push(await catchError(scim.patchUser("missing", [{ op: "replace", path: "displayName", value: "x" }])));
    errors.push(await catchError(scim.createUser({ userName: name, email: `${name}@example.com` })));
    errors.push(await catchError(scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "y" }], { ifMatch: read.user.etag! })));
    await h.faults({ failNext: [{ status: 429, count: 10 }] });
    errors.push(await catchError(scim.listUsers()));
    await h.faults({ failNext: [{ status: 500, count: 10 }] });
    errors.push(await catchError(scim.getUser(user.id)));
    await h.faults({ dropNext: [{ method: "PATCH" }] });
    errors.push(await catchError(scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "z" }])));
    await h.clearFaults();
    errors.push(await catchError(h.inference({ key: WRONG_KEY }).listModels()));
    errors.push(await catchError(Promise.resolve().then(() => resolveConfig({ baseUrl: h.emulator.url, apiKey: `${WRONG_KEY} x` }, {}))));

    const statuses = errors.filter((e): e is WandbApiError => e instanceof WandbApiError).map((e) => e.status);
    expect(statuses).toEqual(expect.arrayContaining([401, 403, 404, 409, 412, 429, 500, 0]));

    const secrets = [h.emulator.admin.apiKey, h.emulator.member.apiKey, WRONG_KEY];
    const encoded = [
      `${h.emulator.admin.username}:${h.emulator.admin.apiKey}`,
      `${h.emulator.member.username}:${h.emulator.member.apiKey}`,
      `${h.emulator.admin.username}:${WRONG_KEY}`,
      `:${h.emulator.admin.apiKey}`,
    ].map((s) => Buffer.from(s).toString("base64"));

    const renderings = errors.flatMap((error) => {
      const e = error as Error;
      return [String(e), e.message, String(e.stack), JSON.stringify(e), inspect(e, { depth: 10 }), inspect(e, { depth: 10, showHidden: true })];
    });
    renderings.push(JSON.stringify(h.events), inspect(h.events, { depth: 10 }));
    for (const text of renderings) {
      for (const secret of [...secrets, ...encoded]) expect(text).not.toContain(secret);
    }

    const unauthorized = errors[0] as WandbApiError;
    expect(unauthorized.request.headers["authorization"]).toBe("[REDACTED]");
    expect(unauthorized.message).toContain("wandb:apiKey");
    expect(unauthorized.message).toContain("WANDB_API_KEY");
    expect((errors[2] as WandbApiError).message).toContain("organization service-account key");
  });
});
