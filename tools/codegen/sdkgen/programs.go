package sdkgen

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"

	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// ProgramGenerator is the call a language's real host makes in GenerateProgram: the program in
// that language, file by file.
type ProgramGenerator func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

// mainPrograms converts PCL programs, as `pulumi convert --from pcl --language <l>` would:
//
//	<tool> programs -schema <schema.json> -pcl <dir> -out <dir> [-language ...]
//
// Every folder under -pcl that holds .pp files is one program, bound against the schema's package;
// its files in each language go to the same relative folder under -out.
func mainPrograms(generators map[string]ProgramGenerator) {
	schemaPath := flag.String("schema", "", "the package schema (JSON) the programs use")
	pclRoot := flag.String("pcl", "", "the folder holding one folder of .pp files per program")
	out := flag.String("out", "", "the folder that receives each program's files, at its folder's relative path")
	languages := flag.String("language", strings.Join(languagesOf(generators), ","), "comma-separated languages to generate")
	flag.Parse()
	exitOnError("gen-programs", runPrograms(generators, *schemaPath, *pclRoot, *out, strings.Split(*languages, ",")))
}

func runPrograms(generators map[string]ProgramGenerator, schemaPath, pclRoot, out string, languages []string) error {
	if schemaPath == "" || pclRoot == "" || out == "" {
		return fmt.Errorf("-schema, -pcl and -out are all required")
	}
	if err := checkLanguages(languages, languagesOf(generators)); err != nil {
		return err
	}
	specBytes, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	folders, err := programFolders(pclRoot)
	if err != nil {
		return err
	}
	for _, folder := range folders {
		for _, language := range languages {
			// Each language binds a package of its own, as in run.
			pkg, err := Bind(specBytes)
			if err != nil {
				return fmt.Errorf("%s: %w", schemaPath, err)
			}
			program, diags, err := pcl.BindDirectory(filepath.Join(pclRoot, folder), Local{Package: pkg}, bindOptions()...)
			if err = failure(err, diags); err != nil {
				return fmt.Errorf("binding %s: %w", folder, err)
			}
			files, diags, err := generators[language](program)
			if err = failure(err, diags); err != nil {
				return fmt.Errorf("generating %s of %s: %w", language, folder, err)
			}
			if err := writeFiles(filepath.Join(out, folder), files); err != nil {
				return err
			}
		}
	}
	return nil
}

// bindOptions are those of `pulumi convert` (not --strict) in the real language hosts'
// GenerateProject: each language there prefers the invokes that take and return Outputs.
func bindOptions() []pcl.BindOption {
	return append(pcl.NonStrictBindOptions(), pcl.PreferOutputVersionedInvokes)
}

// programFolders lists, relative to root, the folders that hold .pp files.
func programFolders(root string) ([]string, error) {
	var folders []string
	err := filepath.WalkDir(root, func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || filepath.Ext(path) != ".pp" {
			return err
		}
		folder, err := filepath.Rel(root, filepath.Dir(path))
		if err == nil && (len(folders) == 0 || folders[len(folders)-1] != folder) {
			folders = append(folders, folder)
		}
		return err
	})
	return folders, err
}

// failure is err, else the diagnostics when one of them is an error: a warning alone passes.
func failure(err error, diags hcl.Diagnostics) error {
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	return nil
}

// Local serves one package, the schema's own, to the PCL binder, as the real hosts' loaders serve a
// provider plugin's schema; like SelfContained, it refuses every other package.
type Local struct{ Package *schema.Package }

func (l Local) find(name string) (*schema.Package, error) {
	if name != l.Package.Name {
		return nil, SelfContained{}.refuse(name)
	}
	return l.Package, nil
}

func (l Local) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.find(name)
}

func (l Local) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.find(d.Name)
}

func (l Local) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.find(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l Local) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}
