// `npm run gen-examples`: converts the schema's YAML examples (examples/schema) to TypeScript,
// Python, Go and C# with Pulumi's own converters, beside their sources.
import { exampleSources } from "../../provider/schema/schema-examples";
import { writeConvertedExamples } from "./schema-examples";

writeConvertedExamples();
process.stdout.write(`gen-examples: ${exampleSources().length} YAML examples of examples/schema converted\n`);
