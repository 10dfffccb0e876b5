// Two resources of one program that declare the same W&B object fail at preview, naming both,
// through each front door, with nothing written and nothing read but the listings (the plugin reads
// them at a planned create, to name a rename): the same team by its name, the same user by
// userNames that differ only in case, the same membership by emails that differ only in case.
// From a program in a folder, as the CLI runs it, the dynamic door fails in seconds with the
// message alone (it once took some 45 s and printed a stack trace).
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, installedPackage, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { NativeResource } from "../support/native-resources";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator?.close());
beforeEach(() => resetLog(emulator));

type Package = ReturnType<typeof installedPackage>;

/** What a preview may read: each listing, once. */
const LISTINGS = ["GET /scim/Users", "GET /scim/Groups", "GET /scim/Roles"];

interface Pair {
  kind: "Team" | "User" | "TeamMember";
  names: [string, string];
  args: [Record<string, string>, Record<string, string>];
  /** The two resources through the dynamic SDK (typed: each kind takes its own arguments). */
  declare(wandb: Package, names: [string, string]): void;
  /** What the refusal says: both resources, the property and its value, and what to do. */
  refusal: RegExp;
}

const TEAMS = [{ name: "research" }, { name: "research" }] satisfies Pair["args"];
const USERS = [
  { userName: "Ana", email: "ana@example.com" },
  { userName: " ana", email: "ana.two@example.com" },
] satisfies Pair["args"];
const MEMBERS = [
  { teamId: "team-1", user: "Bo@x.io" },
  { teamId: "team-1", user: "bo@x.io " },
] satisfies Pair["args"];

const PAIRS: Record<string, Pair> = {
  "one team named twice": {
    kind: "Team",
    names: ["research-a", "research-b"],
    args: TEAMS,
    declare: (wandb, [a, b]) => [new wandb.Team(a, TEAMS[0]), new wandb.Team(b, TEAMS[1])],
    refusal: /Team resources "research-(a|b)" and "research-(a|b)" both declare the one W&B object with name "research": .*Declare it once, or give each resource its own name\./,
  },
  "two Users whose userNames differ only in case": {
    kind: "User",
    names: ["ana-upper", "ana-lower"],
    args: USERS,
    declare: (wandb, [a, b]) => [new wandb.User(a, USERS[0]), new wandb.User(b, USERS[1])],
    refusal:
      /User resources "ana-(upper|lower)" and "ana-(upper|lower)" both declare the one W&B object with userName "(Ana|ana)" \(which "ana-(upper|lower)" writes userName "(Ana|ana)": W&B takes both for one\): .*Declare it once, or give each resource its own userName\./,
  },
  "two TeamMembers whose emails differ only in case": {
    kind: "TeamMember",
    names: ["bo-upper", "bo-lower"],
    args: MEMBERS,
    declare: (wandb, [a, b]) => [new wandb.TeamMember(a, MEMBERS[0]), new wandb.TeamMember(b, MEMBERS[1])],
    refusal: /TeamMember resources "bo-(upper|lower)" and "bo-(upper|lower)" both declare the one W&B object with teamId "team-1" and user "(Bo|bo)@x\.io".*Declare it once, or give each resource its own teamId and user\./,
  },
};

async function expectRefusedAtPreview(stack: StackHandle, refusal: RegExp): Promise<void> {
  const failed = await stack.failing("preview");
  expect(failed.log).toMatch(refusal);
  const requests = (await readLog(emulator)).requests.map((request) => `${request.method} ${request.path}`);
  expect(requests.filter((request) => !LISTINGS.includes(request))).toEqual([]);
  expect(new Set(requests).size).toBe(requests.length);
}

/** Each front door, and how it declares a pair's two resources. */
const DOORS: [string, (pair: Pair) => void, { providerPlugins?: { name: string; path: string }[] }][] = [
  ["the dynamic resources", (pair) => pair.declare(installedPackage(), pair.names), {}],
  ["the native plugin", (pair) => pair.names.forEach((name, i) => new NativeResource(pair.kind, name, pair.args[i] ?? {}, [])), { providerPlugins: [{ name: "wandb", path: repoRoot }] }],
];

describe.each(DOORS)("%s", (door, declareBoth, options) => {
  let stack: StackHandle;
  /** The pair the program declares. */
  let current: Pair | undefined;

  beforeAll(async () => {
    stack = await openStack(
      { projectName: `duplicate-${door.split(" ").pop()}`, inline: async () => current && declareBoth(current) },
      { config: emulatorConfig(emulator), ...options },
    );
  });
  afterAll(() => stack?.dispose());

  it.each(Object.entries(PAIRS))("%s", async (_case, pair) => {
    current = pair;
    await expectRefusedAtPreview(stack, pair.refusal);
  });
});

describe("a program in a folder that declares one team twice, through the dynamic resources", () => {
  it("fails the preview in seconds, with the message alone, and registers the second resource nowhere", async () => {
    const stack = await openStack({ dir: path.join(repoRoot, "test", "programs", "duplicate-teams") }, { config: emulatorConfig(emulator) });
    try {
      const started = Date.now();
      const failed = await stack.failing("preview");
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(failed.log).toMatch(PAIRS["one team named twice"]!.refusal);
      expect(failed.log).not.toMatch(/^\s+at /m);
      expect(failed.log).not.toContain("unhandled exception");
      expect(failed.log).not.toContain("research-b create");
      expect((await readLog(emulator)).requests).toEqual([]);
    } finally {
      await stack.dispose();
    }
  });
});
