// The RosterGuard's check and diff on a roster's expiries, in process against the emulator: a grant
// declared already past is refused before any request; one the last run held is enforced; what ends
// within wandb:expiryNoticeDays (as of WANDB_EXPIRY_AS_OF, when set) is told and kept for the review;
// a judgement that flips, or another date, is a change of the record;
// and a user whose access expired is still the roster's, never outside code.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { JudgedExpiry } from "../../../model/expiry";
import { rosterGuard, type RosterGuardInputs } from "../../../provider/resources/roster-guard";
import { rosterGuardOutputs } from "../../../model/shapes/roster-guard";
import { adminRequest, readLog, resetLog } from "../../../scripts/emulator-api";
import { droppedOutput, keptOutput, operationFor } from "../../support/provider";

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const expiry = (more: Partial<JudgedExpiry>): JudgedExpiry => ({ grant: "team", user: "bob", scope: "ml", expires: day(Date.now() - DAY), at: 'teams "ml", member "bob": expires', expired: true, ...more });
const record = (expiries: JudgedExpiry[], more: Record<string, unknown> = {}) => ({
  organization: "acme",
  users: ["ana", "bob"],
  admins: ["ana"],
  teams: { ml: ["ana"] },
  emails: { ana: "ana@acme.example", bob: "bob@acme.example" },
  outsideCode: { users: "deactivate", teams: "report", customRoles: "report", ignore: ["admin", "member", "second-admin", "seed-team"], usersFrom: "code" },
  expiries,
  ...more,
});

describe("the RosterGuard on expiries", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  afterEach(() => {
    delete process.env["WANDB_EXPIRY_AS_OF"];
  });
  /** An operation whose told lines are kept, in `told`. */
  const telling = (settings: Record<string, string> = {}) => {
    const output = keptOutput();
    return { operation: operationFor(emulator, settings, output.sink), told: () => output.lines.map((each) => each.line) };
  };

  it("refuses a grant declared already past before any request, naming where it is written", async () => {
    await resetLog(emulator);
    const checked = await rosterGuard.check(operationFor(emulator, {}, droppedOutput), {}, record([expiry({})]));
    expect(checked.failures).toEqual([
      { property: "", reason: expect.stringMatching(/^Organization "acme": teams "ml", member "bob": expires \d{4}-\d\d-\d\d is already past, for a grant the last run did not hold so: bob's membership of team ml/) },
    ]);
    expect((await readLog(emulator)).counters.total).toBe(0);
  });

  it("enforces one the last run held, tells it, and keeps what ends within the notice for the review", async () => {
    const { operation, told } = telling({ expiryNoticeDays: "7" });
    const coming = expiry({ user: "ana", expired: false, expires: day(Date.now() + 3 * DAY), at: 'teams "ml", member "ana": expires' });
    const far = expiry({ user: "ana", grant: "registryRole", scope: "models", role: "admin", expired: false, expires: day(Date.now() + 30 * DAY) });
    const olds = record([{ ...expiry({}), expired: false }, coming, far]);
    const checked = await rosterGuard.check(operation, olds, record([expiry({}), coming, far]));
    expect(checked.failures).toEqual([]);
    expect((checked.inputs as RosterGuardInputs).expiringSoon).toEqual({ days: 7, grants: [coming] });
    expect(told()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Organization "acme": bob's membership of team ml expired on [\d-]+ \(teams "ml", member "bob": expires\): this run takes it away$/),
        expect.stringMatching(/^Organization "acme": ana's membership of team ml expires on [\d-]+, in [23] days \(teams "ml", member "ana": expires\)$/),
      ]),
    );
  });

  it("judges the notice as of WANDB_EXPIRY_AS_OF, and says so", async () => {
    const { operation, told } = telling();
    const far = expiry({ user: "ana", expired: false, expires: day(Date.now() + 30 * DAY) });
    process.env["WANDB_EXPIRY_AS_OF"] = day(Date.now() + 20 * DAY);
    const checked = await rosterGuard.check(operation, {}, record([far]));
    expect((checked.inputs as RosterGuardInputs).expiringSoon?.grants).toEqual([far]);
    expect(told()[0]).toMatch(/^Organization "acme": expiries are judged as of .* \(WANDB_EXPIRY_AS_OF=[\d-]+\), not now$/);
  });

  it("a judgement that flips, or another date, is a change of the record; the same expiries are not", async () => {
    const state = (expiries: JudgedExpiry[]) => rosterGuardOutputs.parse(record(expiries));
    const held = expiry({ expires: "2025-03-01", expired: false });
    const diff = (news: JudgedExpiry[]) => rosterGuard.diff(operationFor(emulator, {}, droppedOutput), "acme", state([held]), rosterGuardOutputs.parse(record(news)));
    expect((await diff([{ ...held, expired: true }])).changes).toBe(true);
    expect((await diff([{ ...held }])).changes).toBe(false);
    expect((await diff([{ ...held, expires: "2025-03-02" }])).changes).toBe(true);
  });

  it("a user whose access expired is the roster's: never outside code, never deactivated as undeclared", async () => {
    for (const userName of ["ana", "bob"]) {
      const made = await adminRequest(emulator, "POST", "/scim/Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName, emails: [{ value: `${userName}@acme.example`, primary: true }] });
      expect(made.status).toBe(201);
    }
    const expired = expiry({ grant: "user", scope: undefined, at: 'users[1] "bob": expires' });
    const news = record([expired], { users: ["ana"] });
    // Half the roster's users: let through, as a person who means it would.
    const operation = () => operationFor(emulator, { maxRemovalFraction: "1" }, droppedOutput);
    const checked = await rosterGuard.check(operation(), record([{ ...expired, expired: false }]), news);
    expect(checked.failures).toEqual([]);
    expect((checked.inputs as RosterGuardInputs).planned?.deactivate).toEqual([]);
    const created = await rosterGuard.create(operation(), checked.inputs as RosterGuardInputs);
    expect(created.outs.outside?.users.map((user) => user.userName)).toEqual([]);
  });
});
