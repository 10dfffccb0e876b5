// A test's scratch folder under the system's temporary folder, removed after the test file: suites
// run hundreds of times on a machine, and each run's folders would stay.
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll } from "vitest";

const folders: string[] = [];
// Imported while a test file is collected: the hook is that file's, and removes what any of its tests or hooks made.
afterAll(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A fresh folder whose name starts with `prefix`, removed after the test file. */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
