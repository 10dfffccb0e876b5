import type { IncomingMessage } from "node:http";

/** What a handler answers; the server writes it (or drops the connection when a fault says so). */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialisable body; absent for 204 and 304. */
  body?: unknown;
  /** A body sent as it is (newline-delimited JSON), instead of `body`. */
  text?: string;
  contentType?: string;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`request body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}
