"""Runs Python Pulumi programs under Pulumi's mocks, each to its end, outputs and all.

Usage: python run_under_mocks.py <__main__.py>...

A program that misnames a function, a class, an argument or an attribute of the SDK fails where it
would on `pulumi up`, with no engine: every resource gets its inputs back as its state, and every
invoke an empty result. Prints one line per failing program and exits non-zero if any failed.
"""
import runpy
import sys

import pulumi


class EchoMocks(pulumi.runtime.Mocks):
    def new_resource(self, args):
        return [f"{args.name}-id", args.inputs]

    def call(self, args):
        return {}


def failure(program):
    # pulumi.runtime.test waits for everything the program started, and raises what failed in it.
    @pulumi.runtime.test
    def run():
        runpy.run_path(program, run_name="__main__")

    try:
        run()
    except Exception as error:  # noqa: BLE001 - any failure of the program is the answer
        return f"{program}: {type(error).__name__}: {error}"
    return None


pulumi.runtime.set_mocks(EchoMocks(), preview=False)
failures = [line for line in map(failure, sys.argv[1:]) if line is not None]
print("\n".join(failures))
sys.exit(1 if failures else 0)
