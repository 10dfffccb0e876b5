// The `unit` project's promise: no engine, no emulator, no server, no process. Anything that
// would open a socket or start a process fails the test that tries, naming where it belongs.
import * as net from "node:net";

// The module object itself, whose functions every importer looks up (an import's namespace is frozen).
const childProcess: Record<string, unknown> = require("node:child_process");

const MOVE = "a unit test opens no socket and starts no process: list this file under another project in vitest.config.ts";

function refuse(what: string): never {
  throw new Error(`${what}: ${MOVE}`);
}

net.Server.prototype.listen = function listen(): never {
  return refuse("listening on a port");
};
net.Socket.prototype.connect = function connect(): never {
  return refuse("connecting to a server");
};
for (const start of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  childProcess[start] = () => refuse(`starting a process (${start})`);
}
