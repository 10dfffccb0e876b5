//go:build tools

// Package tools pins the Pulumi engine that scripts/setup-pulumi.sh builds
// from the Go module proxy.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
