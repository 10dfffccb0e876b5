// The generated Go SDK (sdk/go, its go.mod as the schema's importBasePath makes it) builds and
// passes `go vet` against the Pulumi Go SDK of the pinned engine, and so do examples/go-org, a
// program on it (its go.mod replaces the SDK's module with ../../sdk/go), and the schema's Go
// examples (examples/schema, see schema-examples.test.ts for the other languages). One file, one
// after the other: on a new machine the first compiles the Pulumi Go SDK (the engine's build does
// not use it) and the others find it in Go's build cache; two files at once each compiled it.
import * as path from "node:path";
import { it } from "vitest";
import { EXAMPLES_FOLDER } from "../../provider/schema/schema-examples";
import { checkModule, GO_SDK } from "../support/go-module";

it("sdk/go builds and vets", () => checkModule(GO_SDK, [GO_SDK], ["build", "vet"]), 900_000);

it("examples/go-org builds and vets on sdk/go", () => checkModule(path.join("examples", "go-org"), [GO_SDK, path.join("examples", "go-org")], ["build", "vet"]), 900_000);

// Vetted, not built: vet type-checks each program fully, and building would link every one of them.
it("the schema's Go examples vet on sdk/go", () => checkModule(EXAMPLES_FOLDER, [GO_SDK, EXAMPLES_FOLDER], ["vet"]), 900_000);
