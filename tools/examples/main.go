// Command pulumi-wandb-yaml-to-pcl converts YAML programs to PCL with pulumi-yaml's own converter
// (pkg/pulumiyaml/codegen, the one `pulumi convert --from yaml` runs through pulumi-converter-yaml),
// against a package schema served from a file: the first half of Pulumi's YAML-to-any-language
// conversion. The second half, PCL to each language, is `pulumi-wandb-gen-sdk programs`. The two
// are apart because pulumi-yaml builds against an older pkg/v3 than the engine's generators.
//
// Usage: pulumi-wandb-yaml-to-pcl -schema <schema.json> -out <dir> <program.yaml>...
//
// Each program (a Pulumi.yaml with `runtime: yaml`) is written as .pp files to the folder under
// -out that has its path, without its extension.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	yamlcodegen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/pulumi-wandb/tools/codegen/sdkgen"
)

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON) the programs use")
	out := flag.String("out", "", "the folder that receives each program's .pp files")
	flag.Parse()
	if err := run(*schemaPath, *out, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "yaml-to-pcl: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string, programs []string) error {
	if schemaPath == "" || out == "" || len(programs) == 0 {
		return errors.New("-schema, -out and at least one program are required")
	}
	specBytes, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	pkg, err := sdkgen.Bind(specBytes)
	if err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	for _, program := range programs {
		if err := convert(program, filepath.Join(out, strings.TrimSuffix(program, filepath.Ext(program))), sdkgen.Local{Package: pkg}); err != nil {
			return fmt.Errorf("%s: %w", program, err)
		}
	}
	return nil
}

// convert ejects one YAML program into PCL files under folder. The converter reads a project
// folder, so the program is copied into one of its own as its Pulumi.yaml.
func convert(program, folder string, loader schema.ReferenceLoader) error {
	text, err := os.ReadFile(program)
	if err != nil {
		return err
	}
	project, err := os.MkdirTemp("", "yaml-to-pcl-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(project)
	if err := os.WriteFile(filepath.Join(project, "Pulumi.yaml"), text, 0o644); err != nil {
		return err
	}
	_, pclProgram, err := yamlcodegen.Eject(project, loader)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return err
	}
	for name, source := range pclProgram.Source() {
		if err := os.WriteFile(filepath.Join(folder, name), []byte(source), 0o644); err != nil {
			return err
		}
	}
	return nil
}
