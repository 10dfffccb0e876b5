import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { parseSeed, type ParsedSeed } from "./seed";

/** The state file holds the org in seed form; undefined when it does not exist yet. */
export function loadState(file: string): ParsedSeed | undefined {
  if (!existsSync(file)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`state file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  return parseSeed(json, `state file ${file}`);
}

/** Write-then-rename, so a crash never leaves a half-written state file behind. */
export function saveState(file: string, state: ParsedSeed): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state, null, 2));
  renameSync(temp, file);
}
