// This package's root, whether a module runs from source (scripts/) or compiled (dist/scripts/).
import { packageRoot } from "../model/package-manifest";

export const repoRoot = packageRoot(__dirname);
