// @pulumi/pulumi's dynamic-provider host logs every error a call throws, with its stack, to the
// provider's stderr (`console.error(`${e}: ${e.stack}`)`), which the engine shows beside the error
// it reports itself: each refusal twice, the second time with a stack trace into this package's
// files. Ours say all a user needs (the engine tells them once, by the resource): their log line is
// left out; any other line the host logs is written as it was.

/** The log lines the host is about to write for errors of ours, each with how many times (errors made alike read alike). */
const toldByTheEngine = new Map<string, number>();
let hostLog: typeof console.error | undefined;

/** `call`, whose error (thrown on to the host) the host does not log. */
export async function toldOnce<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error) leaveOutHostLine(`${error}: ${error.stack}`);
    throw error;
  }
}

function leaveOutHostLine(line: string): void {
  if (hostLog === undefined) {
    const log = (hostLog = console.error.bind(console));
    console.error = (...args: unknown[]) => {
      const line = args.length === 1 && typeof args[0] === "string" ? args[0] : undefined;
      const times = line === undefined ? undefined : toldByTheEngine.get(line);
      if (line === undefined || times === undefined) return log(...args);
      if (times === 1) toldByTheEngine.delete(line);
      else toldByTheEngine.set(line, times - 1);
    };
  }
  toldByTheEngine.set(line, (toldByTheEngine.get(line) ?? 0) + 1);
}
