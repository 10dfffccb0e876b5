// The generated Go SDK (sdk/go, its go.mod as the schema's importBasePath makes it) builds and
// passes `go vet` against the Pulumi Go SDK of the pinned engine, and so does examples/go-org, a
// program on it (its go.mod replaces the SDK's module with ../../sdk/go).
import * as path from "node:path";
import { it } from "vitest";
import { checkModule, GO_SDK } from "../support/go-module";

it("sdk/go builds and vets", () => checkModule(GO_SDK, [GO_SDK], ["build", "vet"]), 900_000);

it("examples/go-org builds and vets on sdk/go", () => checkModule(path.join("examples", "go-org"), [GO_SDK, path.join("examples", "go-org")], ["build", "vet"]), 900_000);
