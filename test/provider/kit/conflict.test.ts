import { describe, expect, it } from "vitest";
import { CONFLICT_RETRY_POLICY, WandbApiError } from "../../../service";
import { changedFieldsOf, convergeGuardedByEtag, recordRead, SETTLED, setReading, valueReading, writeGuardedByEtag } from "../../../provider/kit/conflict";

/** An operation the engine has not cancelled. */
const running = new AbortController().signal;

const failure = (status: number, outcomeUnknown = false) =>
  new WandbApiError({
    service: "scim",
    status,
    method: "PATCH",
    path: "/scim/Users/u1",
    request: { method: "PATCH", url: "https://w.example/scim/Users/u1", headers: {} },
    attempts: 1,
    outcomeUnknown,
  });
const preconditionFailed = () => failure(412);
/** A dropped connection after the PATCH was sent: it may have landed. */
const answerLost = () => failure(0, true);

/** A write that answers 412 `conflicts` times, then succeeds; records the ETags it was given. */
function racingWrite(conflicts: number) {
  const etags: (string | undefined)[] = [];
  return {
    etags,
    write: async (etag: string | undefined) => {
      etags.push(etag);
      if (etags.length <= conflicts) throw preconditionFailed();
      return "written";
    },
  };
}

describe("writeGuardedByEtag: the 412 rule on the conflict retry policy", () => {
  it("writes again with each re-read's ETag while the owned fields are unchanged", async () => {
    const { write, etags } = racingWrite(2);
    let reads = 0;
    const result = await writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write,
      reread: async () => ({ etag: `W/"${++reads + 1}"`, changedFields: [] }),
    });
    expect(result).toBe("written");
    expect(etags).toEqual(['W/"1"', 'W/"2"', 'W/"3"']);
  });

  it(`gives up after ${CONFLICT_RETRY_POLICY.limit + 1} writes, saying the object kept changing`, async () => {
    const { write, etags } = racingWrite(Number.POSITIVE_INFINITY);
    const error = await writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write,
      reread: async () => ({ etag: 'W/"n"', changedFields: [] }),
    }).catch((e: unknown) => e as Error);
    expect(etags).toHaveLength(CONFLICT_RETRY_POLICY.limit + 1);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`user u1 kept changing while Pulumi wrote it (${CONFLICT_RETRY_POLICY.limit + 1} attempts); run \`pulumi up\` again`);
  });

  it("stops at once, naming the fields, when a re-read finds an owned field changed outside Pulumi", async () => {
    const { write, etags } = racingWrite(1);
    const failure = writeGuardedByEtag({ signal: running, what: "user u1", etag: 'W/"1"', write, reread: async () => ({ etag: 'W/"2"', changedFields: ["displayName"] }) });
    await expect(failure).rejects.toThrow(/user u1 was changed outside Pulumi \(displayName\).*Nothing was overwritten/);
    expect(etags).toHaveLength(1);
  });

  it("ends without writing again when a re-read finds the write settled", async () => {
    const { write, etags } = racingWrite(1);
    expect(await writeGuardedByEtag({ signal: running, what: "role", etag: 'W/"1"', write, reread: async (): Promise<typeof SETTLED> => SETTLED })).toBe(SETTLED);
    expect(etags).toHaveLength(1);
  });

  it("passes any other failure through untouched, without a re-read", async () => {
    let reads = 0;
    const failure = writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write: async () => {
        throw new Error("boom");
      },
      reread: async () => ((reads++, { etag: undefined, changedFields: [] })),
    });
    await expect(failure).rejects.toThrow("boom");
    expect(reads).toBe(0);
  });
});

describe("the rule of drift: changed outside Pulumi only when neither as last seen nor as declared", () => {
  it("a value as declared is our own write, whatever Pulumi last saw", () => {
    expect(valueReading("displayName", { seen: "Old", declared: "New", live: "New" })).toEqual({ field: "displayName", changedOutside: false, asDeclared: true });
    expect(valueReading("displayName", { seen: "Old", declared: "New", live: "Old" })).toEqual({ field: "displayName", changedOutside: false, asDeclared: false });
    expect(valueReading("displayName", { seen: "Old", declared: "New", live: "Theirs" })).toEqual({ field: "displayName", changedOutside: true, asDeclared: false });
  });

  it("without a declaration (a removal) only what Pulumi last saw counts; a value never seen cannot have changed", () => {
    expect(valueReading("active", { seen: true, declared: undefined, live: false }).changedOutside).toBe(true);
    expect(valueReading("active", { seen: true, declared: undefined, live: true })).toMatchObject({ changedOutside: false, asDeclared: true });
    expect(valueReading("displayName", { seen: undefined, declared: "New", live: "Theirs" })).toMatchObject({ changedOutside: false, asDeclared: false });
  });

  it("compares with the field's own equality", () => {
    const caseless = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    expect(valueReading("email", { seen: "a@x.example", declared: "b@x.example", live: "B@X.example" }, caseless)).toMatchObject({ changedOutside: false, asDeclared: true });
  });

  it("judges a set item by item: a write that landed in part is ours, an item no one declared is not", () => {
    const seen = ["a"];
    const declared = ["a", "b", "c"];
    expect(setReading("members", { seen, declared, live: ["a", "b"] })).toEqual({ field: "members", changedOutside: false, asDeclared: false });
    expect(setReading("members", { seen, declared, live: ["c", "b", "a"] })).toMatchObject({ changedOutside: false, asDeclared: true });
    expect(setReading("members", { seen, declared, live: ["a", "b", "z"] }).changedOutside).toBe(true);
    // An item we had and still declare, removed by someone else.
    expect(setReading("members", { seen, declared, live: ["b", "c"] }).changedOutside).toBe(true);
    expect(setReading("teams", { seen: ["A"], declared: ["b"], live: ["a"] }, (t) => t.toLowerCase())).toMatchObject({ changedOutside: false, asDeclared: false });
  });

  it("names the fields changed outside", () => {
    expect(
      changedFieldsOf([
        valueReading("displayName", { seen: "Old", declared: "New", live: "New" }),
        valueReading("email", { seen: "a", declared: "a", live: "b" }),
      ]),
    ).toEqual(["email"]);
  });
});

describe("a write whose answer was lost", () => {
  it("is re-read and judged like a 412: written again with the fresh ETag while it did not land", async () => {
    const etags: (string | undefined)[] = [];
    let reads = 0;
    const result = await writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write: async (etag) => {
        etags.push(etag);
        if (etags.length === 1) throw answerLost();
        return "written";
      },
      reread: async () => ((reads++, { etag: 'W/"1"', changedFields: [] })),
    });
    expect(result).toBe("written");
    expect(reads).toBe(1);
    expect(etags).toEqual(['W/"1"', 'W/"1"']);
  });

  it("that keeps being lost ends with the service's own error, not with 'kept changing'", async () => {
    const error = await writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write: async () => {
        throw answerLost();
      },
      reread: async () => ({ etag: 'W/"1"', changedFields: [] }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ status: 0, outcomeUnknown: true });
  });

  it("a 5xx that may have been applied is a lost answer too; a refusal (4xx) is not re-read", async () => {
    let reads = 0;
    const reread = async () => ((reads++, { etag: 'W/"2"', changedFields: [] }));
    const writes: number[] = [];
    const result = await writeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write: async () => {
        writes.push(writes.length);
        if (writes.length === 1) throw failure(500, true);
        return "written";
      },
      reread,
    });
    expect([result, reads]).toEqual(["written", 1]);
    await expect(writeGuardedByEtag({ signal: running, what: "user u1", etag: 'W/"1"', write: async () => Promise.reject(failure(400)), reread })).rejects.toMatchObject({ status: 400 });
    expect(reads).toBe(1);
  });
});

describe("convergeGuardedByEtag: a write that brings the object to the declaration", () => {
  const declaredName = "New";
  const readings = (live: { name: string }) => [valueReading("name", { seen: "Old", declared: declaredName, live: live.name })];

  it("writes nothing more when the re-read finds the object as declared: the re-read object is the result", async () => {
    const writes: (string | undefined)[] = [];
    const live = { name: "New", etag: 'W/"2"' };
    const result = await convergeGuardedByEtag({
      signal: running,
      what: "user u1",
      etag: 'W/"1"',
      write: async (etag) => {
        writes.push(etag);
        throw preconditionFailed();
      },
      reread: async () => ({ live, etag: live.etag, readings: readings(live) }),
    });
    expect(result).toBe(live);
    expect(writes).toEqual(['W/"1"']);
  });

  it("writes again with the fresh ETag when the object is as last seen, and refuses when someone else changed it", async () => {
    const writes: (string | undefined)[] = [];
    const write = async (etag: string | undefined) => {
      writes.push(etag);
      if (writes.length === 1) throw preconditionFailed();
      return { name: "New", etag: 'W/"3"' };
    };
    const asSeen = { name: "Old", etag: 'W/"2"' };
    expect(await convergeGuardedByEtag({ signal: running, what: "user u1", etag: 'W/"1"', write, reread: async () => ({ live: asSeen, etag: asSeen.etag, readings: readings(asSeen) }) })).toEqual({
      name: "New",
      etag: 'W/"3"',
    });
    expect(writes).toEqual(['W/"1"', 'W/"2"']);

    writes.length = 0;
    const theirs = { name: "Theirs", etag: 'W/"2"' };
    await expect(
      convergeGuardedByEtag({ signal: running, what: "user u1", etag: 'W/"1"', write, reread: async () => ({ live: theirs, etag: theirs.etag, readings: readings(theirs) }) }),
    ).rejects.toThrow(/user u1 was changed outside Pulumi \(name\)/);
    expect(writes).toEqual(['W/"1"']);
  });
});

describe("recordRead: the ETag a read records never vouches for more than it saw", () => {
  const recorded = { name: "Ana", teams: ["a", "b"], etag: 'W/"1"' };
  const inputsOf = ({ etag: _etag, ...inputs }: typeof recorded) => inputs;

  it("a state read as recorded from a representation without an ETag (a W&B list item) is the recorded one, ETag included", () => {
    // Keys in another order are the same state.
    expect(recordRead("u1", { etag: "", teams: ["a", "b"], name: "Ana" }, recorded, inputsOf)).toEqual({ id: "u1", props: recorded });
  });

  it("a state read otherwise, without an ETag, records none: the next write reads the object first", () => {
    expect(recordRead("u1", { name: "Bo", teams: ["a", "b"], etag: "" }, recorded, inputsOf)).toEqual({
      id: "u1",
      props: { name: "Bo", teams: ["a", "b"], etag: "" },
      inputs: { name: "Bo", teams: ["a", "b"] },
    });
    // Order in a list is part of the state.
    expect(recordRead("u1", { name: "Ana", teams: ["b", "a"], etag: "" }, recorded, inputsOf).props.etag).toBe("");
  });

  it("a representation's own ETag is recorded with the state read from it", () => {
    expect(recordRead("u1", { name: "Ana", teams: ["a", "b"], etag: 'W/"2"' }, recorded, inputsOf)).toEqual({
      id: "u1",
      props: { name: "Ana", teams: ["a", "b"], etag: 'W/"2"' },
      inputs: { name: "Ana", teams: ["a", "b"] },
    });
    expect(recordRead("u1", { name: "Bo", teams: [], etag: 'W/"2"' }, undefined, inputsOf).props.etag).toBe('W/"2"');
  });

  it("from the id alone (nothing recorded), a representation without an ETag records none", () => {
    expect(recordRead("u1", { name: "Ana", teams: [], etag: "" }, undefined, inputsOf)).toEqual({
      id: "u1",
      props: { name: "Ana", teams: [], etag: "" },
      inputs: { name: "Ana", teams: [] },
    });
  });
});
