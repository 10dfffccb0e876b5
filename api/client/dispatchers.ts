import { Pool } from "undici";

export interface PoolTuning {
  connections: number;
  connectTimeoutMs: number;
}

// One keep-alive pool per origin and tuning for the whole process, so every
// resource of a deployment reuses the same TLS connections.
const pools = new Map<string, Pool>();

export function poolFor(origin: string, tuning: PoolTuning): Pool {
  const key = `${origin}#${tuning.connections}#${tuning.connectTimeoutMs}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool(origin, {
      connections: tuning.connections,
      connect: { timeout: tuning.connectTimeoutMs },
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
      // No pipelining: a dropped socket must take at most one request's outcome with it.
      pipelining: 1,
    });
    pools.set(key, pool);
  }
  return pool;
}

/** Closes every pool, e.g. when a provider process or a test file shuts down. */
export async function closeAllPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close().catch(() => pool.destroy())));
}
