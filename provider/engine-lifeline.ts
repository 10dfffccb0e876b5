// A plugin the engine starts must not outlive it. The engine starts each plugin as the leader of
// its own process group and, when the CLI is killed (SIGKILL), nothing tells them: a language host
// and the program it runs, or a provider process, would go on and finish writes whose outcome no
// one records. Pulumi's own plugins poll the engine's gRPC health service
// (sdk/go/common/util/rpcutil/health.go, every 5 minutes); ours also watch their parent, the
// engine, which tells within a second.
import * as grpc from "@grpc/grpc-js";

export interface LifelineTiming {
  parentPollMs: number;
  /** Between one health check's answer and the next check. */
  healthIntervalMs: number;
}

const TIMING: LifelineTiming = { parentPollMs: 500, healthIntervalMs: 5_000 };

/**
 * Calls `onGone` once, when the engine that started this process is gone: the process was
 * re-parented (its parent died), or the engine's gRPC endpoint fails a health check (UNIMPLEMENTED
 * counts as alive, as for Pulumi's own plugins: it answered). Answers a function that stops watching.
 */
export function watchEngine(engineAddress: string | undefined, onGone: (reason: string) => void, timing = TIMING): () => void {
  const parent = process.ppid;
  let watching = true;
  let healthTimer: NodeJS.Timeout | undefined;
  const stop = () => {
    watching = false;
    clearInterval(parentTimer);
    clearTimeout(healthTimer);
  };
  const gone = (reason: string) => {
    if (!watching) return;
    stop();
    onGone(reason);
  };
  const parentTimer = setInterval(() => {
    if (process.ppid !== parent) gone(`its parent process ${parent} ended`);
  }, timing.parentPollMs).unref();
  // The next check is scheduled once this one is answered: a busy engine is slow, not gone.
  const scheduleCheck = (address: string) => {
    healthTimer = setTimeout(async () => {
      const answered = await engineAnswers(address);
      if (!watching) return;
      if (answered) scheduleCheck(address);
      else gone(`the engine at ${address} stopped answering`);
    }, timing.healthIntervalMs).unref();
  };
  if (engineAddress) scheduleCheck(engineAddress);
  return stop;
}

/** grpc.health.v1.Health/Check with an empty request (the server's overall health), no deadline. */
function engineAnswers(address: string): Promise<boolean> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      () => Buffer.alloc(0),
      (answer: Buffer) => answer,
      Buffer.alloc(0),
      (error) => {
        client.close();
        resolve(!error || error.code === grpc.status.UNIMPLEMENTED);
      },
    );
  });
}

/**
 * Ends this process and what it started: its whole process group when it leads one (as every
 * plugin the engine starts does), else this process alone.
 */
export function endProcessGroup(): never {
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    // Not a group leader (started by hand, not by the engine): there is no such group.
  }
  process.exit(1);
}
