// The dynamic-provider host's log line of an error of ours is left out (the engine tells the error
// once, by its resource); every other line, and the error itself, pass as they were.
import { afterEach, expect, it, vi } from "vitest";
import { toldOnce } from "../../../../provider/doors/dynamic/host-log";

afterEach(() => vi.restoreAllMocks());

/** What @pulumi/pulumi's dynamic-provider host does with a call's error. */
async function hostCalls(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (e) {
    console.error(`${e}: ${(e as Error).stack}`);
    return e;
  }
}

it("leaves out the host's line for each error of ours, errors made alike included, and writes the rest", async () => {
  // The host's console, as toldOnce finds it at its first error.
  const written = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const refuse = () => toldOnce(() => Promise.reject(new Error("this run removes 4 of the 11 users")));
  const errors = await Promise.all([hostCalls(refuse), hostCalls(refuse), hostCalls(refuse)]);
  for (const error of errors) expect((error as Error).message).toBe("this run removes 4 of the 11 users");
  console.error("another line of the host");
  expect(await hostCalls(() => toldOnce(async () => "answered"))).toBe("answered");
  expect(written.mock.calls).toEqual([["another line of the host"]]);
});
