// One rule for who counts as not active in N days (model/activity), as getUsers and the review use it.
import { describe, expect, it } from "vitest";
import { DAY_MS, inactiveFor, inactiveToDeactivate, recordedActivity } from "../../model/activity";

const now = Date.parse("2026-11-26T12:00:00Z");
const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();

describe("not active in N days", () => {
  it("counts someone last active before the cutoff, and someone never active", () => {
    expect(inactiveFor(daysAgo(91), 90, now)).toBe(true);
    expect(inactiveFor(null, 90, now)).toBe(true);
  });

  it("does not count someone active within the days, the cutoff itself included", () => {
    expect(inactiveFor(daysAgo(89), 90, now)).toBe(false);
    expect(inactiveFor(daysAgo(90), 90, now)).toBe(false);
  });

  // Issue 41: `!(Date.parse(x) >= cutoff)` was true for NaN, so any odd value deactivated its user.
  it("says nothing of a time that tells nothing: empty, garbage, Go's zero time, or before the user was made", () => {
    for (const odd of ["", "yesterday", "0001-01-01T00:00:00Z", "1970-01-01T00:00:00Z"]) {
      expect(inactiveFor(odd, 90, now)).toBeUndefined();
      expect(inactiveToDeactivate(odd, daysAgo(400), 90, now)).toBeUndefined();
    }
    expect(inactiveFor(daysAgo(200), 90, now, daysAgo(1))).toBeUndefined();
    expect(inactiveFor(daysAgo(200), 90, now, daysAgo(300))).toBe(true);
  });

  it("says nothing where W&B does not report activity", () => {
    expect(inactiveFor(undefined, 90, now)).toBeUndefined();
  });

  it("reads a User's state: a time, never active (daysActive alone), or not reported", () => {
    expect(recordedActivity({ daysActive: 3, lastActiveAt: daysAgo(2) })).toBe(daysAgo(2));
    expect(recordedActivity({ daysActive: 0 })).toBeNull();
    expect(recordedActivity({})).toBeUndefined();
  });
});
