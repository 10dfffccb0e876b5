//go:build tools

// Package tools pins the real YAML language host, pulumi-language-yaml, that scripts/setup.sh
// builds from the Go module proxy against the engine's pkg/v3 and sdk/v3.
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
