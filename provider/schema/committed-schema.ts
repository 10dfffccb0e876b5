// The schema the plugin serves: the committed schema.json, which a test keeps equal to what the
// shapes generate. Read, not derived, so that GetSchema answers at once; the released executable
// carries it inside (scripts/release/plugin-archive.ts).
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { packageRoot } from "../../model/package-manifest";

export const SCHEMA_FILE = path.join("provider", "schema", "schema.json");

export function committedSchemaText(): string {
  return readFileSync(path.join(packageRoot(), SCHEMA_FILE), "utf8");
}
