// Command pulumi-wandb-gen-sdk writes the SDKs of a Pulumi package from its schema with Pulumi's
// own generators (pkg/v3/codegen/nodejs, python, go), as `pulumi package gen-sdk` would. The
// pinned CLI cannot do it here: gen-sdk asks each language host for GeneratePackage, and the
// language hosts on this machine are stand-ins that do not generate code. This tool runs the same
// steps the real hosts do (bind the schema, call the generator with the same tool name, write
// every file under <out>/<language>, which is emptied first), so its output is what the real
// `pulumi package gen-sdk <schema> --language <language> --out <out>` writes.
//
// Usage: pulumi-wandb-gen-sdk -schema <schema.json> -out <dir> [-language nodejs,python,go]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// generators maps a language to the call its real language host makes in GeneratePackage.
var generators = map[string]func(pkg *schema.Package) (map[string][]byte, error){
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejsgen.GeneratePackage("pulumi-language-nodejs", pkg, nil, nil, false, selfContained{})
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage("pulumi-language-python", pkg, nil, selfContained{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage("pulumi-language-go", pkg, nil)
	},
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the folder that receives one folder per language")
	languages := flag.String("language", "nodejs,python,go", "comma-separated languages to generate")
	flag.Parse()
	if err := run(*schemaPath, *out, strings.Split(*languages, ",")); err != nil {
		fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string, languages []string) error {
	if schemaPath == "" || out == "" {
		return errors.New("both -schema and -out are required")
	}
	for _, language := range languages {
		if generators[language] == nil {
			return fmt.Errorf("unknown language %q: choose among nodejs, python, go", language)
		}
	}
	specBytes, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	for _, language := range languages {
		// Each generator records its language's settings in the package it is given, so each
		// binds its own, as each real language host does.
		pkg, err := bind(specBytes)
		if err != nil {
			return fmt.Errorf("%s: %w", schemaPath, err)
		}
		files, err := generators[language](pkg)
		if err != nil {
			return fmt.Errorf("generating %s: %w", language, err)
		}
		if err := writeTree(filepath.Join(out, language), files); err != nil {
			return err
		}
	}
	return nil
}

// bind checks the schema as `pulumi package gen-sdk` does (dangling references allowed).
func bind(specBytes []byte) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(specBytes, &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, selfContained{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}

// writeTree replaces dir's content with files, in a stable order.
func writeTree(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// selfContained is the schema loader for a package that references no other package: the real
// hosts load referenced packages from provider plugins, which this tool does not start.
type selfContained struct{}

func (selfContained) refuse(name string) error {
	return fmt.Errorf("the schema references package %q: this tool generates self-contained packages only", name)
}

func (l selfContained) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(name)
}

func (l selfContained) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l selfContained) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(name)
}

func (l selfContained) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}
