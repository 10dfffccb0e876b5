"""Lists the distributions installed in this Python environment for the Python language host
stand-in (scripts/language-hosts/python-packages.ts), each with the pulumi-plugin.json its top-level package
ships, if any: a JSON list of {"name", "version", "pluginJson"} on standard output."""

import importlib.metadata
import importlib.util
import json
import os


def plugin_json_of(distribution):
    """The pulumi-plugin.json inside the package named after the distribution, as Pulumi looks for it."""
    module = distribution.metadata["Name"].replace("-", "_")
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = os.path.join(str(location), "pulumi-plugin.json")
        if os.path.isfile(candidate):
            return candidate
    return None


listed = [
    {"name": d.metadata["Name"], "version": d.version, "pluginJson": plugin_json_of(d)}
    for d in importlib.metadata.distributions()
]
print(json.dumps(listed))
