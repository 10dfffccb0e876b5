// Package sdkgen runs Pulumi's SDK generators over a package schema as `pulumi package gen-sdk`
// would: it binds the schema, calls each language's generator as its real language host does in
// GeneratePackage, and writes every file under <out>/<language>, which is emptied first.
//
// It is a module of its own because the generators come from two versions of pkg/v3: the .NET
// generator left pulumi/pulumi after v3.225.1 (it now lives in pulumi-dotnet, which the Go module
// proxy does not serve), so tools/codegen/dotnet builds against that version while tools/codegen
// builds the others against the engine's. Both link this package.
package sdkgen

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/blang/semver"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Generator is the call a language's real host makes in GeneratePackage: every file of the SDK, by path.
type Generator func(pkg *schema.Package) (map[string][]byte, error)

// Main reads the flags, runs the generators they name and exits non-zero on the first failure.
// With `programs` as its first argument it converts PCL programs instead (see runPrograms).
func Main(generators map[string]Generator, programGenerators map[string]ProgramGenerator) {
	if len(os.Args) > 1 && os.Args[1] == "programs" {
		os.Args = append(os.Args[:1:1], os.Args[2:]...)
		mainPrograms(programGenerators)
		return
	}
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the folder that receives one folder per language")
	languages := flag.String("language", strings.Join(languagesOf(generators), ","), "comma-separated languages to generate")
	flag.Parse()
	exitOnError("gen-sdk", run(generators, languagesOf(generators), *schemaPath, *out, strings.Split(*languages, ",")))
}

// languagesOf names the languages a table of generators serves, in order.
func languagesOf[G any](generators map[string]G) []string {
	known := make([]string, 0, len(generators))
	for language := range generators {
		known = append(known, language)
	}
	sort.Strings(known)
	return known
}

func exitOnError(tool string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(generators map[string]Generator, known []string, schemaPath, out string, languages []string) error {
	if schemaPath == "" || out == "" {
		return errors.New("both -schema and -out are required")
	}
	if err := checkLanguages(languages, known); err != nil {
		return err
	}
	specBytes, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	for _, language := range languages {
		// Each generator records its language's settings in the package it is given, so each
		// binds its own, as each real language host does.
		pkg, err := Bind(specBytes)
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

func checkLanguages(languages, known []string) error {
	for _, language := range languages {
		if !slices.Contains(known, language) {
			return fmt.Errorf("unknown language %q: choose among %s", language, strings.Join(known, ", "))
		}
	}
	return nil
}

// Bind checks the schema as `pulumi package gen-sdk` does (dangling references allowed).
func Bind(specBytes []byte) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(specBytes, &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, SelfContained{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return pkg, nil
}

// writeTree replaces dir's content with files.
func writeTree(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return writeFiles(dir, files)
}

// writeFiles writes files under dir, in a stable order, leaving what else dir holds.
func writeFiles(dir string, files map[string][]byte) error {
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

// SelfContained is the schema loader for a package that references no other package: the real
// hosts load referenced packages from provider plugins, which this tool does not start.
type SelfContained struct{}

func (SelfContained) refuse(name string) error {
	return fmt.Errorf("the schema references package %q: this tool generates self-contained packages only", name)
}

func (l SelfContained) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(name)
}

func (l SelfContained) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l SelfContained) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(name)
}

func (l SelfContained) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}
