// Command pulumi-wandb-gen-sdk writes the SDKs of a Pulumi package from its schema with Pulumi's
// own generators (pkg/v3/codegen/nodejs, python, go), as `pulumi package gen-sdk` would. The
// pinned CLI cannot do it here: gen-sdk asks each language host for GeneratePackage, and the
// language hosts on this machine are stand-ins that do not generate code. This tool runs the same
// steps the real hosts do (see sdkgen), so its output is what the real
// `pulumi package gen-sdk <schema> --language <language> --out <out>` writes.
// The .NET SDK comes from tools/codegen/dotnet, built against another pkg/v3 (see sdkgen).
//
// With `programs` first, it converts PCL programs with the same languages' program generators (see
// sdkgen), as `pulumi convert --from pcl --language <language>` would; Go's with the names of the
// SDK's lookup functions restored (golookups.go says why).
//
// Usage: pulumi-wandb-gen-sdk -schema <schema.json> -out <dir> [-language nodejs,python,go]
//
//	pulumi-wandb-gen-sdk programs -schema <schema.json> -pcl <dir> -out <dir> [-language nodejs,python,go]
package main

import (
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/pulumi-wandb/tools/codegen/sdkgen"
)

func main() {
	// Each entry is the call its real language host makes in GeneratePackage, then in GenerateProgram.
	sdkgen.Main(map[string]sdkgen.Generator{
		"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
			return nodejsgen.GeneratePackage("pulumi-language-nodejs", pkg, nil, nil, false, sdkgen.SelfContained{})
		},
		"python": func(pkg *schema.Package) (map[string][]byte, error) {
			return pythongen.GeneratePackage("pulumi-language-python", pkg, nil, sdkgen.SelfContained{})
		},
		"go": func(pkg *schema.Package) (map[string][]byte, error) {
			return gogen.GeneratePackage("pulumi-language-go", pkg, nil)
		},
	}, map[string]sdkgen.ProgramGenerator{
		"nodejs": nodejsgen.GenerateProgram,
		"python": pythongen.GenerateProgram,
		"go":     goProgram,
	})
}
