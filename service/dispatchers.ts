import { Agent } from "undici";

export interface PoolTuning {
  /** Connections per origin. */
  connections: number;
  connectTimeoutMs: number;
}

// One keep-alive agent per tuning for the whole process; it keeps one pool per origin, so every
// resource of a deployment reuses the same TLS connections.
const agents = new Map<string, Agent>();

export function agentFor(tuning: PoolTuning): Agent {
  const key = `${tuning.connections}#${tuning.connectTimeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connections: tuning.connections,
      connect: { timeout: tuning.connectTimeoutMs },
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
      // No pipelining: a dropped socket must take at most one request's outcome with it.
      pipelining: 1,
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes every agent and its connections, e.g. when a provider process or a test file shuts down. */
export async function closeAllPools(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((agent) => agent.close().catch(() => agent.destroy())));
}
