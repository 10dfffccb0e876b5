// `npm run gen-sdk`: regenerates every generated SDK (sdk/nodejs, sdk/python, sdk/go, sdk/dotnet) from the package's schema.
import * as path from "node:path";
import { generateSdks, SDK_LANGUAGES, SDK_ROOT, SDK_SCHEMA } from "./sdk-generation";
import { repoRoot } from "../repo-root";

generateSdks(SDK_ROOT);
const written = SDK_LANGUAGES.map((language) => path.relative(repoRoot, path.join(SDK_ROOT, language))).join(", ");
process.stdout.write(`gen-sdk: ${written} generated from ${path.relative(repoRoot, SDK_SCHEMA)}\n`);
