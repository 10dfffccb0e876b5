// Command pulumi-wandb-gen-sdk-dotnet writes the .NET SDK of a Pulumi package from its schema with
// Pulumi's C# generator, pkg/v3/codegen/dotnet, called as pulumi-language-dotnet's GeneratePackage
// calls it. It is the last release of that generator in pulumi/pulumi (v3.225.1, deprecated
// there); its successor in pulumi-dotnet is not served by the Go module proxy.
//
// The generator downloads the schema's logoUrl to embed it in the NuGet package as logo.png. With
// -logo, that download is answered from the given file instead (the one logoUrl names in this
// repository): the output then depends on the working tree alone, not on the network or on what
// the default branch holds today.
//
// With `programs` first, it converts PCL programs to C# with the same release's program generator.
//
// Usage: pulumi-wandb-gen-sdk-dotnet -schema <schema.json> -out <dir> [-language dotnet] [-logo <file>]
//
//	pulumi-wandb-gen-sdk-dotnet programs -schema <schema.json> -pcl <dir> -out <dir>
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"

	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/pulumi-wandb/tools/codegen/sdkgen"
)

func main() {
	logo := flag.String("logo", "", "a local copy of the schema's logoUrl, served to the generator in its place")
	http.DefaultTransport = localLogo{file: logo}
	sdkgen.Main(map[string]sdkgen.Generator{
		"dotnet": func(pkg *schema.Package) (map[string][]byte, error) {
			return dotnetgen.GeneratePackage("pulumi-language-dotnet", pkg, nil, nil)
		},
	}, map[string]sdkgen.ProgramGenerator{"dotnet": dotnetgen.GenerateProgram})
}

// localLogo answers a GET of a URL whose last segment is the -logo file's name with that file; it
// refuses every other request, so that nothing else the generator might fetch goes unnoticed.
type localLogo struct{ file *string }

func (l localLogo) RoundTrip(request *http.Request) (*http.Response, error) {
	if *l.file == "" || request.Method != http.MethodGet || path.Base(request.URL.Path) != filepath.Base(*l.file) {
		return nil, fmt.Errorf("the .NET generator asked for %s %s, which this tool does not serve (give the logo with -logo)", request.Method, request.URL)
	}
	content, err := os.ReadFile(*l.file)
	if err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(content)), ContentLength: int64(len(content)), Request: request,
	}, nil
}
