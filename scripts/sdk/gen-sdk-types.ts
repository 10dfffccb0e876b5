// `npm run gen-sdk-types`: writes the dynamic SDK's declared types (sdk/types) from the shapes.
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "../repo-root";
import { sdkTypeFiles } from "./types/sdk-type-files";

for (const [file, text] of sdkTypeFiles()) {
  mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
  writeFileSync(path.join(repoRoot, file), text);
  process.stdout.write(`wrote ${file}\n`);
}
