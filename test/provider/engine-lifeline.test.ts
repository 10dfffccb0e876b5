// The plugins' watch on the engine's gRPC endpoint (the parent-death side is shown through the
// real engine, in test/lifecycle/interrupted-up.test.ts).
import * as grpc from "@grpc/grpc-js";
import { afterEach, expect, it, vi } from "vitest";
import { watchEngine } from "../../provider/engine-lifeline";

const FAST = { parentPollMs: 1_000, healthIntervalMs: 20 };
const bytes = { serialize: (value: Buffer) => value, deserialize: (value: Buffer) => value };
const healthService: grpc.ServiceDefinition = {
  check: {
    path: "/grpc.health.v1.Health/Check",
    requestStream: false,
    responseStream: false,
    requestSerialize: bytes.serialize,
    requestDeserialize: bytes.deserialize,
    responseSerialize: bytes.serialize,
    responseDeserialize: bytes.deserialize,
  },
};

const servers: grpc.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.forceShutdown();
});

/** A stand-in engine endpoint; with `health`, it answers Check with SERVING and counts the checks. */
async function fakeEngine(options: { health: boolean }): Promise<{ address: string; server: grpc.Server; checks: () => number }> {
  const server = new grpc.Server();
  let checks = 0;
  if (options.health) {
    server.addService(healthService, {
      check: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
        checks++;
        callback(null, Buffer.from([0x08, 0x01])); // status: SERVING
      },
    });
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  servers.push(server);
  return { address: `127.0.0.1:${port}`, server, checks: () => checks };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("an engine that answers health checks is alive; once it stops listening, it is gone", async () => {
  const engine = await fakeEngine({ health: true });
  const onGone = vi.fn();
  watchEngine(engine.address, onGone, FAST);
  await vi.waitFor(() => expect(engine.checks()).toBeGreaterThanOrEqual(3));
  expect(onGone).not.toHaveBeenCalled();

  engine.server.forceShutdown();
  await vi.waitFor(() => expect(onGone).toHaveBeenCalledOnce(), { timeout: 3_000 });
  expect(onGone.mock.calls[0]?.[0]).toBe(`the engine at ${engine.address} stopped answering`);
});

it("an engine without the health service answers UNIMPLEMENTED: alive, as for Pulumi's own plugins", async () => {
  const engine = await fakeEngine({ health: false });
  const onGone = vi.fn();
  const stop = watchEngine(engine.address, onGone, FAST);
  await pause(300);
  stop();
  expect(onGone).not.toHaveBeenCalled();
});

it("stops watching when told", async () => {
  const engine = await fakeEngine({ health: true });
  const onGone = vi.fn();
  const stop = watchEngine(engine.address, onGone, FAST);
  await vi.waitFor(() => expect(engine.checks()).toBeGreaterThanOrEqual(1));
  stop();
  engine.server.forceShutdown();
  await pause(300);
  expect(onGone).not.toHaveBeenCalled();
});
