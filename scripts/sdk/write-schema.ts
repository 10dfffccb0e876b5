// `npm run schema`: writes the package schema derived from the provider's zod schemas to
// provider/schema/schema.json, the input of SDK generation (a test fails while the two differ).
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { packageRoot } from "../../model/package-manifest";
import { packageSchemaText } from "../../provider/schema/package-schema";
import { SCHEMA_FILE } from "../../provider/schema/committed-schema";

const file = path.join(packageRoot(__dirname), SCHEMA_FILE);
writeFileSync(file, packageSchemaText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
