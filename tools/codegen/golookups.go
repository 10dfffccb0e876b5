package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// goProgram is gogen.GenerateProgram with the names of the Go SDK's lookup functions restored.
//
// The Go SDK generator names a function `getX` LookupX when its GetX is taken, as it is by the
// getter of a resource X in the same package (pkg/v3 codegen/go gen.go, generatePackageContextMap).
// The program generator means to follow it (gen_program.go, useLookupInvokeForm), but for a token in
// the index module ("wandb:index:getTeam") it looks the name up under the module key "index", where
// the SDK generator keys that module "": it never finds LookupTeam and writes wandb.GetTeamOutput,
// which does not compile. (pkg/v3 3.274.1; a `pkg:index/getX:getX` token takes another branch that
// works, but changing the package's tokens or its Go layout to dodge the bug is not worth it.)
//
// So the names the program uses for an index-module function are renamed to those the SDK generator
// gives it, asked of the generator's own naming (gogen.DocLanguageHelper.GetFunctionName).
func goProgram(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	files, diags, err := gogen.GenerateProgram(program)
	if err != nil || diags.HasErrors() {
		return files, diags, err
	}
	renames, err := lookupRenames(program)
	if err != nil {
		return nil, diags, err
	}
	for name, source := range files {
		if path.Ext(name) != ".go" {
			continue
		}
		if files[name], err = renameSelectors(source, renames); err != nil {
			return nil, diags, fmt.Errorf("%s: %w", name, err)
		}
	}
	return files, diags, nil
}

// lookupRenames maps, for each Go import path of a package the program uses, the names the program
// generator gives that package's index-module functions to those its SDK has.
func lookupRenames(program *pcl.Program) (map[string]map[string]string, error) {
	renames := map[string]map[string]string{}
	for _, ref := range program.PackageReferences() {
		def, err := ref.Definition()
		if err != nil {
			return nil, err
		}
		if err := def.ImportLanguages(map[string]schema.Language{"go": gogen.Importer}); err != nil {
			return nil, err
		}
		info, _ := def.Language["go"].(gogen.GoPackageInfo)
		var naming gogen.DocLanguageHelper
		naming.GeneratePackagesMap(ref, "tool", info)
		importPath := info.ImportBasePath
		if importPath == "" {
			importPath = gogen.ExtractImportBasePath(ref)
		}
		for _, function := range def.Functions {
			if def.TokenToModule(function.Token) != "" {
				continue
			}
			sdkName := naming.GetFunctionName(function)
			programName := gogen.Title(function.Token[strings.LastIndex(function.Token, ":")+1:])
			if sdkName == programName {
				continue
			}
			if renames[importPath] == nil {
				renames[importPath] = map[string]string{}
			}
			// The bare name stays: in the SDK it is the resource's getter, and the program generator
			// writes invokes in their output form (see bindOptions in sdkgen).
			for _, suffix := range []string{"Output", "OutputArgs", "Args", "Result", "ResultOutput"} {
				renames[importPath][programName+suffix] = sdkName + suffix
			}
		}
	}
	return renames, nil
}

// renameSelectors renames each `pkg.Name` of source whose import path and name renames lists, and
// formats the result as the generator does.
func renameSelectors(source []byte, renames map[string]map[string]string) ([]byte, error) {
	files := token.NewFileSet()
	file, err := parser.ParseFile(files, "", source, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	byLocalName := map[string]map[string]string{}
	for _, spec := range file.Imports {
		importPath, err := strconv.Unquote(spec.Path.Value)
		if err != nil || renames[importPath] == nil {
			continue
		}
		localName := path.Base(importPath)
		if spec.Name != nil {
			localName = spec.Name.Name
		}
		byLocalName[localName] = renames[importPath]
	}
	type edit struct {
		offset int
		from   string
		to     string
	}
	var edits []edit
	ast.Inspect(file, func(node ast.Node) bool {
		selector, ok := node.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := selector.X.(*ast.Ident); ok {
			if to, ok := byLocalName[pkg.Name][selector.Sel.Name]; ok {
				edits = append(edits, edit{files.Position(selector.Sel.Pos()).Offset, selector.Sel.Name, to})
			}
		}
		return true
	})
	if len(edits) == 0 {
		return source, nil
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].offset > edits[j].offset })
	renamed := bytes.Clone(source)
	for _, e := range edits {
		renamed = append(renamed[:e.offset:e.offset], append([]byte(e.to), renamed[e.offset+len(e.from):]...)...)
	}
	return format.Source(renamed)
}
