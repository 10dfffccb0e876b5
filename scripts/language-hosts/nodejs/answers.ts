// How the language host answers the engine. A failure is the status a Go host's returned error
// becomes: UNKNOWN, with the error's text as the message. Streaming answers (InstallDependencies,
// RunPlugin) send output as it comes, chunk by chunk, and end with OK or with that failure.
import * as grpc from "@grpc/grpc-js";

export type OutputKind = "stdout" | "stderr";

export interface OutputStream {
  write(kind: OutputKind, chunk: Uint8Array | string): void;
  succeed(): void;
  fail(error: unknown): void;
  /** Called once if the engine ends the call (its context is cancelled) before the host does. */
  onCancel(listener: () => void): void;
}

export function outputStream<Response>(
  call: grpc.ServerWritableStream<unknown, Response>,
  message: (kind: OutputKind, chunk: Uint8Array) => Response,
): OutputStream {
  let ended = false;
  const open = () => !ended && !call.cancelled;
  return {
    write(kind, chunk) {
      if (!open() || chunk.length === 0) return;
      call.write(message(kind, typeof chunk === "string" ? Buffer.from(chunk) : chunk));
    },
    succeed() {
      if (!open()) return;
      ended = true;
      call.end();
    },
    fail(error) {
      if (!open()) return;
      ended = true;
      call.emit("error", { code: grpc.status.UNKNOWN, details: errorText(error) });
    },
    onCancel(listener) {
      call.once("cancelled", listener);
    },
  };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What `produce` answers; its error, if it throws, prefixed with what was being done (as Go's `%w` wrapping reads). */
export function wrapped<T>(doing: string, produce: () => T): T {
  try {
    return produce();
  } catch (error) {
    throw new Error(`${doing}: ${errorText(error)}`);
  }
}

type Unary<Request, Response> = (call: grpc.ServerUnaryCall<Request, Response>, callback: grpc.sendUnaryData<Response>) => void;

/** A unary handler from a function that answers or throws. */
export function unary<Request, Response>(handler: (request: Request) => Response | Promise<Response>): Unary<Request, Response> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback({ code: grpc.status.UNKNOWN, details: errorText(error) }),
      );
  };
}
