// The User's field table drives every per-field list of the resource: a field added to `userFields`
// (here a test-only `nickname`, written at create, whose change replaces the user) is compared by
// the diff, judged by the re-read after a 412, and documented, with no other edit of the resource.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { closeAllPools, type PatchOperation } from "../../../service";
import { emulatorApi } from "../../../scripts/emulator-api";
import { unique } from "../../support/names";
import { operationFor } from "../../support/provider";
// vi.mock is hoisted above the imports: the resource and the schema read the extended table.
import { user } from "../../../provider/resources/user";
import { packageSchema } from "../../../provider/schema/package-schema";

vi.mock("../../../model/shapes/user", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../model/shapes/user")>();
  const nickname = z.string().optional().meta({ description: "A name the test gives the user." });
  return {
    ...original,
    userInputs: original.userInputs.extend({ nickname }),
    userOutputs: original.userOutputs.extend({ nickname }),
    userFields: { ...original.userFields, nickname: { owner: "program", compare: "exact", write: "create", replaces: true, optional: true } },
  };
});

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu?.close();
  await closeAllPools();
});

describe("a field added to userFields", () => {
  it("is compared by the diff, and its change replaces the user", async () => {
    const operation = operationFor(emu);
    const made = await user.create(operation, user.inputs.parse({ userName: unique("nick"), email: `${unique("nick")}@example.com` }));
    const olds = { ...made.outs, nickname: "ana" };
    const diff = await user.diff(operation, made.id, olds, { ...user.inputs.parse({ userName: olds.userName, email: olds.email }), nickname: "bo" } as never);
    expect(diff).toMatchObject({ changes: true, replaces: ["nickname"], detailedDiff: { nickname: "update" } });
    expect((await user.diff(operation, made.id, olds, { ...user.inputs.parse({ userName: olds.userName, email: olds.email }), nickname: "ana" } as never)).changes).toBe(false);
  });

  it("is judged by the re-read after a 412: a value gone from W&B is a change outside Pulumi", async () => {
    const operation = operationFor(emu);
    const made = await user.create(operation, user.inputs.parse({ userName: unique("nick"), email: `${unique("nick")}@example.com` }));
    // Someone changes a field this User does not manage: the recorded ETag is stale, the next write meets a 412.
    const change: PatchOperation = { op: "replace", path: "displayName", value: "Changed By Hand" };
    await emulatorApi(emu).scim("PATCH", `/Users/${made.id}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [change] });
    // W&B holds no nickname, so the one this state records was changed outside Pulumi.
    const error = await user.delete(operationFor(emu), made.id, { ...made.outs, nickname: "ana" } as never).catch((failed: unknown) => failed);
    expect(String(error)).toMatch(/changed outside Pulumi \(nickname\)/);
    // Without it in the state, the same 412 is someone else's change: the delete goes through.
    await expect(user.delete(operationFor(emu), made.id, made.outs)).resolves.toBeUndefined();
  });

  it("is documented as a replacing property, in the resource's summary and on the property", () => {
    const spec = packageSchema().resources["wandb:index:User"]!;
    expect(spec.description).toContain("Changing `userName`, `importId` or `nickname` replaces it");
    expect(spec.inputProperties["nickname"]).toMatchObject({ replaceOnChanges: true, description: "A name the test gives the user. Changing it replaces the resource." });
  });
});
