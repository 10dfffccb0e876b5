import { describe, expect, it } from "vitest";
import { CONFLICT_RETRY_POLICY, WandbApiError } from "../../api/client";
import { SETTLED, writeGuardedByEtag } from "../../provider/kit/conflict";

const preconditionFailed = () =>
  new WandbApiError({
    service: "scim",
    status: 412,
    method: "PATCH",
    path: "/scim/Users/u1",
    request: { method: "PATCH", url: "https://w.example/scim/Users/u1", headers: {} },
    attempts: 1,
  });

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
    const failure = writeGuardedByEtag({ what: "user u1", etag: 'W/"1"', write, reread: async () => ({ etag: 'W/"2"', changedFields: ["displayName"] }) });
    await expect(failure).rejects.toThrow(/user u1 was changed outside Pulumi \(displayName\).*Nothing was overwritten/);
    expect(etags).toHaveLength(1);
  });

  it("ends without writing again when a re-read finds the write settled", async () => {
    const { write, etags } = racingWrite(1);
    expect(await writeGuardedByEtag({ what: "role", etag: 'W/"1"', write, reread: async (): Promise<typeof SETTLED> => SETTLED })).toBe(SETTLED);
    expect(etags).toHaveLength(1);
  });

  it("passes any other failure through untouched, without a re-read", async () => {
    let reads = 0;
    const failure = writeGuardedByEtag({
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
