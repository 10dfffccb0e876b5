// The core resources against an RFC 7644 server that is not W&B's /scim: the emulator's rfc
// dialect served under /v2, reached with wandb:scimPath and Bearer authentication.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeAllPools } from "../../../service";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { team, type TeamInputs } from "../../../provider/resources/team";
import { user, type UserInputs } from "../../../provider/resources/user";
import { readLog, resetLog } from "../../../scripts/emulator-api";
import { unique } from "../../support/names";
import { checkedInputs, operationFor } from "../../support/provider";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, dialect: "rfc", deployment: "dedicated", scimRoot: "/v2" });
});
afterAll(async () => {
  await emu.close();
  await closeAllPools();
});
beforeEach(async () => {
  // Another user's name beside the admin's key would fail Basic authentication: only Bearer passes.
  operation = operationFor(emu, { scimPath: "/v2", authScheme: "bearer", username: emu.member.username });
  await resetLog(emu);
});


/** Every request went to the /v2 root (none to W&B's /scim) and was authenticated; only a read of something deleted found nothing. */
async function expectAllUnderV2(): Promise<void> {
  const { requests } = await readLog(emu);
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(request.path).toMatch(/^\/v2\/(Users|Groups)/);
    const goneOnRead = request.method === "GET" && request.route.endsWith("/:id") && request.status === 404;
    if (!goneOnRead) expect(request.status, `${request.method} ${request.path}`).toBeLessThan(400);
  }
}

describe("the User and Team lifecycle on an RFC 7644 server under /v2 with Bearer", () => {
  it("creates, reads, updates and deletes a user", async () => {
    const name = unique("rfc-user");
    const inputs = await checkedInputs<UserInputs>(operation, user, { userName: name, email: `${name}@example.com`, displayName: "One" });
    const { id, outs } = await user.create(operation, inputs);
    expect(outs).toMatchObject({ userName: name, displayName: "One", active: true });

    const read = await user.read(operation, id, outs);
    expect(read.props).toMatchObject({ userName: name, displayName: "One" });

    const changed = await checkedInputs<UserInputs>(operation, user, { ...inputs, displayName: "Two", organizationRole: "admin" });
    const { outs: updated } = await user.update(operation, id, read.props!, changed);
    expect(updated).toMatchObject({ displayName: "Two", organizationRole: "admin" });
    expect((await user.read(operation, id, { ...updated, etag: "" })).props).toMatchObject({ displayName: "Two" });

    await user.delete(operation, id, updated);
    expect(await user.read(operation, id, { ...updated, etag: "" })).toEqual({});
    await expectAllUnderV2();
  });

  it("creates, reads, updates and empties a team", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const [first, second] = await Promise.all(
        ["rfc-a", "rfc-b"].map(async (prefix) => {
          const name = unique(prefix);
          const inputs = await checkedInputs<UserInputs>(operation, user, { userName: name, email: `${name}@example.com` });
          return (await user.create(operation, inputs)).id;
        }),
      );
      const inputs = await checkedInputs<TeamInputs>(operation, team, { name: unique("rfc-team"), members: [first] });
      const { id, outs } = await team.create(operation, inputs);
      expect(outs.memberIds).toEqual([first]);

      const read = await team.read(operation, id, outs);
      expect(read.props).toMatchObject({ name: inputs.name, memberIds: [first] });

      const changed = await checkedInputs<TeamInputs>(operation, team, { ...inputs, members: [second] });
      const { outs: updated } = await team.update(operation, id, read.props!, changed);
      expect(updated.memberIds).toEqual([second]);

      await team.delete(operation, id, updated);
      expect((await team.read(operation, id, { ...updated, etag: "" })).props?.memberIds).toEqual([]);
      await expectAllUnderV2();
    } finally {
      log.mockRestore();
    }
  });
});
