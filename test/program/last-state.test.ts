// The stack's last state as the program reads it: a read that meets the file backend's checkpoint
// write (its `.attrs` sidecar rewritten in place, so the read gets EOF) is tried again, and one that
// keeps failing rejects with the engine's answer, never as a stack that holds nothing.
import { describe, expect, it } from "vitest";
import { readHoldings } from "../../program/last-state";
import { tokenOf } from "../../model/tokens";

const USER = tokenOf("User");
const lastState = {
  name: "organization/p/dev",
  outputs: {
    "urn:pulumi:dev::p::wandb:index:User::sam": { type: USER, outputs: { userName: "sam", email: "sam@acme.example" } },
    "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev": { type: "pulumi:pulumi:Stack", outputs: {} },
  },
};
const MIDWRITE = new Error("failed to load checkpoint: EOF");

describe("readHoldings", () => {
  it("tries again a read that meets a checkpoint write, and reads the stack's users", async () => {
    let tries = 0;
    const holdings = await readHoldings(async () => {
      tries++;
      if (tries < 3) throw MIDWRITE;
      return lastState;
    }, [0, 0, 0]);
    expect(tries).toBe(3);
    expect([...holdings.userNames]).toEqual([["urn:pulumi:dev::p::wandb:index:User::sam", "sam"]]);
    expect(holdings.urns.size).toBe(2);
  });

  it("reads how each Team last named its members: the reference by user id, an email as declared or an id as itself", async () => {
    const team = "urn:pulumi:dev::p::wandb:index:Organization$wandb:index:Team::acme/research";
    const holdings = await readHoldings(async () => ({
      outputs: {
        [team]: {
          type: tokenOf("Team"),
          outputs: { name: "research", members: ["Ana@Acme.example", "id-bo"], memberIdsByReference: { "ana@acme.example": "id-ana", "id-bo": "id-bo" }, memberIds: ["id-ana", "id-bo"] },
        },
      },
    }));
    expect(Object.fromEntries(holdings.teamReferences.get(team)!)).toEqual({ "id-ana": "Ana@Acme.example", "id-bo": "id-bo" });
  });

  it("rejects with the last failure once every try failed, never a stack with nothing", async () => {
    let tries = 0;
    const read = readHoldings(async () => {
      tries++;
      throw MIDWRITE;
    }, [0, 0]);
    await expect(read).rejects.toThrow("failed to load checkpoint: EOF");
    expect(tries).toBe(3);
  });

  it("takes an answer of another shape as a failed try", async () => {
    const answers: unknown[] = [{ outputs: "torn" }, lastState];
    const holdings = await readHoldings(async () => answers.shift(), [0]);
    expect(holdings.userNames.size).toBe(1);
  });
});
