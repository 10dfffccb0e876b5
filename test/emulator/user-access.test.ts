// Seats, activity and team storage as W&B's SCIM reference documents them (wandb/docs,
// platform/hosting/iam/scim.mdx; modelsSeat and weaveRole on every deployment since wandb/docs#2649).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type Deployment, type RunningEmulator } from "../../emulator";
import { heldUser, readState } from "../../scripts/emulator-api";
import { call, createUser, expectScimError, GROUP_SCHEMA, patchBody, TEAMS_EXT, USER_SCHEMA } from "../support/emulator-calls";

// The reference's "Create User Request (Dedicated/Self-Managed)", verbatim.
const CREATE_USER_REQUEST = {
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  emails: [{ primary: true, value: "dev-user2@example.com" }],
  userName: "dev-user2",
  modelsSeat: "full",
  weaveRole: "full",
};

// The reference's "Update Models Seat Request" and "Update Weave Role Request", with "viewer" for "full".
const updateModelsSeat = (value: string) => patchBody({ op: "replace", path: "modelsSeat", value });
const updateWeaveRole = (value: string) => patchBody({ op: "replace", path: "weaveRole", value });

// The reference's CoreWeave and AWS S3 "Create team" requests, verbatim but for the members (user ids of this org).
const coreweaveTeam = (members: string[]) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
  displayName: "ml-training-team",
  members: members.map((value) => ({ value })),
  storageBucket: { name: "wandb-coreweave-bucket", provider: "COREWEAVE", path: "ml-training/experiments" },
});
const AWS_BUCKET = {
  name: "my-company-wandb-data",
  provider: "AWS",
  path: "ml-team/experiments",
  kmsKeyId: "arn:aws:kms:us-east-1:123456789012:key/12345678-1234-1234-1234-123456789012",
  awsExternalId: "wandb-external-id-abc123",
};

/** A user body for the deployment: the multi-tenant cloud adds users through teams. */
function userBody(deployment: Deployment, body: Record<string, unknown>) {
  if (deployment !== "saas") return body;
  return { ...body, schemas: [USER_SCHEMA, TEAMS_EXT], [TEAMS_EXT]: { teams: ["seed-team"] } };
}

describe.each<Deployment>(["dedicated", "self-managed", "saas"])("modelsSeat and weaveRole (%s)", (deployment) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("takes them on create as the reference's request sends them and answers them in the 201", async () => {
    const res = await call(emu, "POST", "/scim/Users", { body: userBody(deployment, CREATE_USER_REQUEST) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userName: "dev-user2", modelsSeat: "full", weaveRole: "full" });
  });

  it("defaults both to full, and sets each through PATCH, answered as the reference's response shows", async () => {
    const { modelsSeat: _m, weaveRole: _w, ...bare } = CREATE_USER_REQUEST;
    const created = (await call(emu, "POST", "/scim/Users", { body: userBody(deployment, bare) })).body;
    expect([created.modelsSeat, created.weaveRole]).toEqual(["full", "full"]);
    const seat = await call(emu, "PATCH", `/scim/Users/${created.id}`, { body: updateModelsSeat("viewer") });
    expect(seat.status).toBe(200);
    expect(seat.body).toMatchObject({ organizationRole: "member", modelsSeat: "viewer", weaveRole: "full" });
    const weave = await call(emu, "PATCH", `/scim/Users/${created.id}`, { body: updateWeaveRole("none") });
    expect(weave.body).toMatchObject({ modelsSeat: "viewer", weaveRole: "none" });
    expect(seat.headers.get("etag")).not.toBe(weave.headers.get("etag"));
    expect(await heldUser(emu, created.id)).toMatchObject({ modelsSeat: "viewer", weaveRole: "none" });
  });

  it("refuses a level the reference does not list, naming the three", async () => {
    const bad = await call(emu, "POST", "/scim/Users", { body: userBody(deployment, { ...CREATE_USER_REQUEST, modelsSeat: "Full" }) });
    expect(expectScimError(bad, 400, "wandb").detail).toContain('modelsSeat must be one of "full", "viewer" or "none"');
    const admin = (await readState(emu)).users.find((u: { userName: string }) => u.userName === "admin");
    const patched = await call(emu, "PATCH", `/scim/Users/${admin.id}`, { body: updateWeaveRole("admin") });
    expect(expectScimError(patched, 400, "wandb").detail).toContain("weaveRole must be one of");
  });

  it("assigning the deprecated viewer role makes a member with viewer seats; member and admin leave the seats alone", async () => {
    const created = (await call(emu, "POST", "/scim/Users", { body: userBody(deployment, CREATE_USER_REQUEST) })).body;
    const viewer = await call(emu, "PATCH", `/scim/Users/${created.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "viewer" }) });
    expect(viewer.body).toMatchObject({ organizationRole: "member", modelsSeat: "viewer", weaveRole: "viewer" });
    const admin = await call(emu, "PATCH", `/scim/Users/${created.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }) });
    expect(admin.body).toMatchObject({ organizationRole: "admin", modelsSeat: "viewer", weaveRole: "viewer" });
  });
});

describe("seats: a full Models seat is what the seed's seats count", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    // The default seed's three users hold three seats; one is left.
    emu = await startEmulator({ port: 0, seed: { ...defaultSeed(), seats: 4 } });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("a viewer or no Models seat needs no seat; full needs one, with the reference's 'Seat limit reached'", async () => {
    await createUser(emu, "full-1");
    expect((await createUser(emu, "looker", { modelsSeat: "viewer" })).modelsSeat).toBe("viewer");
    expect((await createUser(emu, "weave-only", { modelsSeat: "none", weaveRole: "full" })).modelsSeat).toBe("none");
    const refused = await call(emu, "POST", "/scim/Users", { body: { ...CREATE_USER_REQUEST } });
    expect(expectScimError(refused, 400, "wandb").detail).toMatch(/^Seat limit reached: all 4 seats/);
    const looker = (await readState(emu)).users.find((u: { userName: string }) => u.userName === "looker");
    const upgrade = await call(emu, "PATCH", `/scim/Users/${looker.id}`, { body: updateModelsSeat("full") });
    expect(expectScimError(upgrade, 400, "wandb").detail).toContain("Seat limit reached");
    expect((await heldUser(emu, looker.id)).modelsSeat).toBe("viewer");
    const fullOne = (await readState(emu)).users.find((u: { userName: string }) => u.userName === "full-1");
    await call(emu, "PATCH", `/scim/Users/${fullOne.id}`, { body: updateModelsSeat("viewer") });
    expect((await call(emu, "PATCH", `/scim/Users/${looker.id}`, { body: updateModelsSeat("full") })).status).toBe(200);
    expect((await readState(emu)).seatsUsed).toBe(4);
  });
});

describe("activity: daysActive and lastActiveAt on GET and the listing, set through the control API", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("shows the reference's Get User fields; null for someone never active; the ETag stays", async () => {
    const user = await createUser(emu, "dev-user1");
    expect(user.daysActive).toBeUndefined();
    const never = await call(emu, "GET", `/scim/Users/${user.id}`);
    expect(never.body).toMatchObject({ daysActive: 0, lastActiveAt: null });
    // The reference's Get User Response: "daysActive": 42, "lastActiveAt": "2023-10-15T14:32:10Z".
    const set = await call(emu, "PUT", `/_emulator/users/${user.id}/activity`, { body: { daysActive: 42, lastActiveAt: "2023-10-15T14:32:10Z" } });
    expect(set.status).toBe(200);
    const got = await call(emu, "GET", `/scim/Users/${user.id}`);
    expect(got.body).toMatchObject({ daysActive: 42, lastActiveAt: "2023-10-15T14:32:10Z" });
    expect(got.headers.get("etag")).toBe(never.headers.get("etag"));
    const listed = (await call(emu, "GET", `/scim/Users?filter=${encodeURIComponent('userName eq "dev-user1"')}`)).body.Resources[0];
    expect(listed).toMatchObject({ daysActive: 42, lastActiveAt: "2023-10-15T14:32:10Z" });
    const patched = await call(emu, "PATCH", `/scim/Users/${user.id}`, { body: updateWeaveRole("viewer") });
    expect(patched.body.daysActive).toBeUndefined();
    expect((await readState(emu)).users.find((u: { id: string }) => u.id === user.id)).toMatchObject({ daysActive: 42, lastActiveAt: "2023-10-15T14:32:10Z" });
  });

  it("refuses activity that is not a count and an ISO 8601 time or null, naming the field", async () => {
    const user = await createUser(emu, "dev-user1");
    const bad = await call(emu, "PUT", `/_emulator/users/${user.id}/activity`, { body: { daysActive: -1, lastActiveAt: "yesterday" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/daysActive: .*; lastActiveAt: /);
    expect((await call(emu, "PUT", "/_emulator/users/nobody/activity", { body: { daysActive: 1, lastActiveAt: null } })).status).toBe(404);
  });

  it("a seed sets activity, and the state file keeps it", async () => {
    const seed = defaultSeed();
    seed.users[2] = { ...seed.users[2]!, daysActive: 3, lastActiveAt: "2025-01-02T03:04:05Z" };
    const seeded = await startEmulator({ port: 0, seed });
    try {
      const state = await readState(seeded);
      expect(state.users[2]).toMatchObject({ userName: "member", daysActive: 3, lastActiveAt: "2025-01-02T03:04:05Z" });
      expect(state.users[0]).toMatchObject({ daysActive: 0, lastActiveAt: null, modelsSeat: "full", weaveRole: "full" });
      const { seatsUsed: _seatsUsed, ...asSeed } = state;
      const again = await startEmulator({ port: 0, seed: asSeed });
      try {
        expect((await readState(again)).users[2]).toMatchObject({ daysActive: 3, lastActiveAt: "2025-01-02T03:04:05Z" });
      } finally {
        await again.close();
      }
    } finally {
      await seeded.close();
    }
  });
});

describe("storageBucket on POST /Groups", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("creates the team with the reference's CoreWeave request and does not echo the bucket, as its response shows", async () => {
    const member = await createUser(emu, "dev-user2");
    const res = await call(emu, "POST", "/scim/Groups", { body: coreweaveTeam([member.id]) });
    expect(res.status).toBe(201);
    expect(res.body.storageBucket).toBeUndefined();
    expect((await call(emu, "GET", `/scim/Groups/${res.body.id}`)).body.storageBucket).toBeUndefined();
    const held = (await readState(emu)).teams.find((t: { displayName: string }) => t.displayName === "ml-training-team");
    expect(held.storageBucket).toEqual({ name: "wandb-coreweave-bucket", provider: "COREWEAVE", path: "ml-training/experiments" });
  });

  it("keeps every optional field of the reference's AWS request", async () => {
    const res = await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "ml-team", members: [], storageBucket: AWS_BUCKET } });
    expect(res.status).toBe(201);
    expect((await readState(emu)).teams.find((t: { displayName: string }) => t.displayName === "ml-team").storageBucket).toEqual(AWS_BUCKET);
  });

  it("an invalid provider is a 400 listing the allowed values; a bucket without a name is refused", async () => {
    const lower = await call(emu, "POST", "/scim/Groups", { body: { ...coreweaveTeam([]), storageBucket: { name: "b", provider: "aws" } } });
    expect(expectScimError(lower, 400, "wandb").detail).toContain("provider must be one of COREWEAVE, AWS, AZURE, GCP, MINIO");
    const nameless = await call(emu, "POST", "/scim/Groups", { body: { ...coreweaveTeam([]), storageBucket: { provider: "GCP" } } });
    expect(expectScimError(nameless, 400, "wandb").detail).toContain("storageBucket.name");
    expect((await readState(emu)).teams.map((t: { displayName: string }) => t.displayName)).toEqual(["seed-team"]);
  });
});
