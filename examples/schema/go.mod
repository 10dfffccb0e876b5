// The Go conversions of the schema's examples (*/*/main.go), each a program of its own, in one
// module so that they build and vet at once on the generated SDK (test/sdk/schema-examples.test.ts).
module github.com/pulumi-wandb/pulumi-wandb/examples/schema

go 1.25

require (
	github.com/pulumi-wandb/pulumi-wandb/sdk/go v0.0.0
	github.com/pulumi/pulumi/sdk/v3 v3.274.1
)

// The generated SDK of this repository, not a published module.
replace github.com/pulumi-wandb/pulumi-wandb/sdk/go => ../../sdk/go
