// The audit-logging API's request and answer shapes as W&B's page documents them
// (audit-log-wire.json; the page quoted in docs/reference-quotes/audit-logging.md): what the
// emulator's and the client's tests quote.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";

const deployment = z.enum(["dedicated", "saas"]);

const wireSchema = z.object({
  paths: z.object({ dedicated: z.string(), "self-managed": z.string(), saas: z.string() }),
  multiTenantEndpoint: z.string(),
  requests: z.array(z.object({ deployment, said: z.string(), query: z.string(), form: z.enum(["ndjson", "paged"]), range: z.tuple([z.string(), z.string()]) })),
  refused: z.array(z.object({ deployment, query: z.string(), why: z.string() })),
  pagedAnswerKeys: z.array(z.string()),
  answers: z.object({ dedicated: z.record(z.string(), z.unknown()), saas: z.record(z.string(), z.unknown()), ndjson: z.string() }),
  entryKeys: z.array(z.string()),
  piiKeys: z.array(z.string()),
  actions: z.array(z.string()),
  accessActions: z.array(z.string()),
});

export const WIRE = wireSchema.parse(JSON.parse(readFileSync(path.join(__dirname, "audit-log-wire.json"), "utf8")));
