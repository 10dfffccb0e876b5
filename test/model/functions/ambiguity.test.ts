// Exact duplicates cannot be made in the emulator (it keeps names unique, as W&B does), but other
// SCIM servers and older data can hold them. A small stand-in server sends such lists over real
// HTTP, in the W&B wire shapes, to check that no function ever picks one silently.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools } from "../../../service";
import { getCustomRole, getModel, getTeam, getUser, getUsers, WandbLookupError } from "../../../sdk";
import { editDistance } from "../../../service/spelling";
import { plausibleSuggestions, rankByCloseness } from "../../../model/functions/match";
import { restoreEnv, setEnv } from "../../support/functions";

const list = (resources: unknown[]) => ({
  Resources: resources,
  itemsPerPage: 9999,
  startIndex: 1,
  totalResults: resources.length,
  schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
});
const user = (id: string, userName: string, email: string) => ({
  active: true,
  displayName: userName,
  emails: { Value: email, Display: "", Type: "", Primary: true },
  id,
  meta: { resourceType: "User", created: "2023-10-01T00:00:00Z", lastModified: "2023-10-01T00:00:00Z", location: `Users/${id}` },
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
});
const group = (id: string, displayName: string) => ({
  displayName,
  id,
  members: [{ Value: "u1", Ref: "", Type: "", Display: "ann" }],
  meta: { resourceType: "Group", location: `Groups/${id}` },
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
});
const role = (id: string, name: string) => ({
  description: "",
  id,
  inheritedFrom: "member",
  name,
  permissions: [{ name: "run:read", isInherited: true }],
  schemas: [""],
});

const ANSWERS: Record<string, unknown> = {
  "/scim/Users": list([user("u1", "ann", "shared@example.com"), user("u2", "ann-admin", "Shared@Example.com"), user("u3", "cy", "cy@example.com")]),
  "/scim/Groups": list([group("g1", "ops"), group("g2", "ops")]),
  "/scim/Roles": list([role("r1", "Ops"), role("r2", "Ops")]),
  "/v1/models": {
    object: "list",
    data: [
      { id: "pub/Model-A", object: "model", created: 1, owned_by: "system" },
      { id: "pub/model-a", object: "model", created: 2, owned_by: "system" },
      { id: "pub/Model-A", object: "model", created: 1, owned_by: "system" },
    ],
  },
};

let server: Server;
let url: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push(`${req.method} ${path} ${req.headers["openai-project"] ?? ""}`);
    const body = ANSWERS[path];
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(body ?? { detail: "not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeAllPools();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => setEnv({ WANDB_BASE_URL: url, WANDB_API_KEY: "stand-in-key-000", WANDB_INFERENCE_URL: `${url}/v1` }));
afterEach(() => restoreEnv());

describe("duplicates over real HTTP", () => {
  it("getUser by email: two users share an address ignoring case → ambiguous, naming both", async () => {
    const error = (await getUser({ email: "SHARED@example.com" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error).toBeInstanceOf(WandbLookupError);
    expect(error.kind).toBe("ambiguous");
    expect(error.message).toContain('no user has email exactly "SHARED@example.com", and 2 match it ignoring case');
    expect(error.candidates).toEqual(['"ann" <shared@example.com> (id u1)', '"ann-admin" <Shared@Example.com> (id u2)']);
  });

  it("getUser by email: an exact match wins over a case variant", async () => {
    expect((await getUser({ email: "Shared@Example.com" })).id).toBe("u2");
  });

  it("getTeam: two teams with the same exact name → ambiguous", async () => {
    const error = (await getTeam({ name: "ops" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error.kind).toBe("ambiguous");
    expect(error.message).toContain('getTeam: 2 teams have name "ops"');
    expect(error.message).toContain('"ops" (id g1), "ops" (id g2)');
    expect(error.message).toMatch(/refer to the team by its id/);
  });

  it("getCustomRole: two roles with the same exact name → ambiguous", async () => {
    await expect(getCustomRole({ name: "Ops" })).rejects.toMatchObject({ kind: "ambiguous", candidates: ['"Ops" (id r1)', '"Ops" (id r2)'] });
  });

  it("getUsers returns both, sorted; never an error", async () => {
    expect((await getUsers({ filter: { emailDomain: "example.com" } })).ids).toEqual(["u1", "u2", "u3"]);
  });

  it("getModel: duplicate ids collapse; case variants are distinct ids; a third case names both", async () => {
    expect(await getModel({ id: "pub/Model-A" })).toEqual({ id: "pub/Model-A", ownedBy: "system", created: 1, root: "pub/Model-A" });
    await expect(getModel({ id: "pub/MODEL-A" })).rejects.toThrow(/Did you mean "pub\/Model-A" or "pub\/model-a"\?/);
  });

  it("sends no OpenAI-Project header when no project is configured", async () => {
    seen.length = 0;
    await getModel({ id: "pub/model-a" });
    expect(seen).toEqual(["GET /v1/models "]);
  });
});

describe("suggestions", () => {
  it("edit distance", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("ranks case-only differences first, then a missing publisher, then edit distance", () => {
    const ids = ["meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.3-70B-Instruct", "microsoft/Phi-4-mini-instruct"];
    expect(rankByCloseness("META-LLAMA/llama-3.1-8b-instruct", ids)[0]).toEqual({ value: ids[0], distance: 0 });
    expect(rankByCloseness("Phi-4-mini-instruct", ids)[0]).toEqual({ value: ids[2], distance: 1 });
    expect(rankByCloseness("meta-llama/Llama-3.3-8B-Instruct", ids).map((c) => c.value)).toEqual([ids[0], ids[1], ids[2]]);
  });

  it("suggests only plausible names", () => {
    expect(plausibleSuggestions("alice", ["alicia", "bob", "zzzzzzzz"])).toEqual(["alicia"]);
    expect(plausibleSuggestions("q", ["completely-different"])).toEqual([]);
  });
});
