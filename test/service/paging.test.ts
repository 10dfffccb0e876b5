import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools, ScimClient } from "../../service";
import { resolveConfig } from "../../service/config";
import { FAST_RETRY } from "../support/client";

const users = Array.from({ length: 5 }, (_, i) => ({
  id: `u${i}`,
  userName: `user${i}`,
  emails: [{ value: `user${i}@example.com`, primary: true }],
}));

/** How the fake server pages: strictly (2 per page), or ignoring paging with or without totalResults. */
let mode: "pages-of-2" | "everything" | "everything-no-total" = "pages-of-2";
const queries: URLSearchParams[] = [];

const server = createServer((req, res) => {
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  queries.push(query);
  const start = Number(query.get("startIndex") ?? "1");
  const page = mode === "pages-of-2" ? users.slice(start - 1, start + 1) : users;
  res.writeHead(200, { "content-type": "application/scim+json" });
  res.end(JSON.stringify({ Resources: page, ...(mode === "everything-no-total" ? {} : { totalResults: users.length }) }));
});

let scim: ScimClient;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  scim = new ScimClient(resolveConfig({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "paging-test-key-123" }, {}), { retry: FAST_RETRY });
});
afterAll(async () => {
  await closeAllPools();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  queries.length = 0;
});

describe("listing", () => {
  it("follows startIndex across short pages until totalResults", async () => {
    mode = "pages-of-2";
    expect((await scim.listUsers()).map((u) => u.id)).toEqual(["u0", "u1", "u2", "u3", "u4"]);
    expect(queries.map((q) => q.get("startIndex"))).toEqual(["1", "3", "5"]);
    expect(queries[0]?.get("count")).toBe("9999");
  });

  it("stops after one request when the server ignores paging", async () => {
    mode = "everything";
    expect(await scim.listUsers()).toHaveLength(5);
    expect(queries).toHaveLength(1);
  });

  it("stops on a page with nothing new when the server ignores paging and sends no total", async () => {
    mode = "everything-no-total";
    expect(await scim.listUsers()).toHaveLength(5);
    expect(queries.length).toBeLessThanOrEqual(2);
  });

  it("sends filters escaped as JSON strings", async () => {
    mode = "everything";
    await scim.findUserByUserName(`x" or userName eq "admin\\`);
    expect(queries[0]?.get("filter")).toBe(`userName eq "x\\" or userName eq \\"admin\\\\"`);
  });
});
