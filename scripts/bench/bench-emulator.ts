/**
 * `npm run bench:emulator`: benchmarks the emulator with faults off: creates 10,000 users, lists
 * 9,999 in one request (must take under 0.5 s) and serves 500 concurrent requests without an error.
 */
import { Pool } from "undici";
import { defaultSeed, startEmulator } from "../../emulator";
import { readCommandLine } from "./command-line";

const USERS = 10_000;
const LIST_COUNT = 9_999;
const LIST_BUDGET_MS = 500;
const CONCURRENT = 500;

const EMULATOR_COMMAND = {
  run: "npm run bench:emulator --",
  summary:
    `The emulator alone, faults off: creates ${USERS.toLocaleString("en-US")} users, lists ${LIST_COUNT.toLocaleString("en-US")} in one request ` +
    `(must take under ${LIST_BUDGET_MS} ms) and serves ${CONCURRENT} concurrent requests without an error. It takes no flags.`,
  flags: {},
};

async function main(): Promise<void> {
  if (readCommandLine(EMULATOR_COMMAND, process.argv.slice(2)) === undefined) return;
  const emu = await startEmulator({ port: 0, seed: { ...defaultSeed(), seats: USERS + 100 } });
  const auth = `Bearer ${emu.admin.apiKey}`;
  const pool = new Pool(emu.url, { connections: CONCURRENT });
  const failures: string[] = [];

  const request = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await pool.request({
      method,
      path,
      headers: { authorization: auth, "content-type": "application/scim+json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };

  let started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < USERS) {
      const i = next++;
      const userName = `bench-user-${i}`;
      const res = await request("POST", "/scim/Users", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName,
        emails: [{ primary: true, value: `${userName}@bench.example` }],
      });
      if (res.status !== 201) failures.push(`create ${userName}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  const createMs = performance.now() - started;

  started = performance.now();
  const list = await request("GET", `/scim/Users?count=${LIST_COUNT}`);
  const listed: unknown = JSON.parse(list.text);
  const listMs = performance.now() - started;
  const resources = typeof listed === "object" && listed !== null && "Resources" in listed && Array.isArray(listed.Resources) ? listed.Resources.length : -1;
  if (list.status !== 200 || resources !== LIST_COUNT) failures.push(`list: status ${list.status}, ${resources} resources`);
  if (listMs >= LIST_BUDGET_MS) failures.push(`list took ${listMs.toFixed(1)} ms (budget ${LIST_BUDGET_MS} ms)`);

  started = performance.now();
  const paths = ["/scim/Users?count=10", "/scim/Groups", `/scim/Users?filter=${encodeURIComponent('userName eq "bench-user-42"')}`, "/scim/Roles"];
  const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => request("GET", paths[i % paths.length] ?? "/scim/Groups")));
  const concurrentMs = performance.now() - started;
  const errors = results.filter((r) => r.status !== 200).length;
  if (errors > 0) failures.push(`${errors} of ${CONCURRENT} concurrent requests failed`);

  const log = await fetch(`${emu.controlUrl}/log`, { headers: { authorization: auth } }).then((r) => r.json());
  const maxInFlight = typeof log === "object" && log !== null && "maxInFlight" in log ? String(log.maxInFlight) : "?";

  await pool.close();
  await emu.close();

  console.log(`created ${USERS} users in ${createMs.toFixed(0)} ms (${((USERS / createMs) * 1000).toFixed(0)} users/s, 64 parallel clients)`);
  console.log(`listed ${resources} users in one request in ${listMs.toFixed(1)} ms (${(list.text.length / 1e6).toFixed(1)} MB; budget ${LIST_BUDGET_MS} ms)`);
  console.log(`served ${CONCURRENT} concurrent requests in ${concurrentMs.toFixed(0)} ms, ${errors} errors (max in flight ${maxInFlight})`);
  if (failures.length > 0) {
    console.error(`FAILED:\n  ${failures.slice(0, 10).join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("OK");
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
