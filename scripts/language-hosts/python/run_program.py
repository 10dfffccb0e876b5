"""Runs one Pulumi Python program for the Python language host stand-in
(scripts/language-hosts/python.ts), under the contract of Pulumi's own executor
(pulumi-language-python-exec): the same arguments, the stack's config in PULUMI_CONFIG and
PULUMI_CONFIG_SECRET_KEYS, the program run as __main__ from its folder, and exit code 32 once an
error has been reported to the engine (the host then adds nothing to it).

Usage: python run_program.py --monitor A --engine A --project P --stack S --pwd D
       --root_directory D --dry_run true|false --parallel N [--organization O] PROGRAM [ARGS...]
"""

import argparse
import asyncio
import logging
import os
import runpy
import signal
import sys
import traceback
from concurrent.futures import ThreadPoolExecutor

# The engine has been told what went wrong: the language host reports nothing more.
REPORTED = 32


def parse_arguments():
    parser = argparse.ArgumentParser(description="Run a Pulumi Python program")
    for name in ("project", "root_directory", "stack", "parallel", "dry_run", "pwd", "monitor", "engine",
                 "tracing", "organization"):
        parser.add_argument(f"--{name}")
    parser.add_argument("PROGRAM")
    parser.add_argument("ARGS", nargs="*")
    return parser.parse_args()


def user_traceback(program_folder):
    """The traceback from the first frame in the program's own folder on (all of it when there is none)."""
    frames = traceback.extract_tb(sys.exc_info()[2])
    for index, frame in enumerate(frames):
        # Frozen modules name themselves "<frozen runpy>": only real paths can be the program's.
        if os.path.isabs(frame.filename) and frame.filename.startswith(program_folder + os.sep):
            return traceback.format_exc(limit=-(len(frames) - index))
    return traceback.format_exc()


def stop_quietly(_signum, _frame):
    """The host interrupts the program when the engine cancels the run (a check failed at preview):
    the engine has shown why, so the program ends without a traceback of the interrupt."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(REPORTED)


def main():
    signal.signal(signal.SIGINT, stop_quietly)
    try:
        import pulumi
        import pulumi.runtime
    except ImportError:
        print(traceback.format_exc(), file=sys.stderr)
        print(f"The pulumi package is not installed for {sys.executable}: install it there "
              "(pip install -r requirements.txt), or name the virtual environment that has it in Pulumi.yaml "
              "(runtime.options.virtualenv).", file=sys.stderr)
        return 1

    args = parse_arguments()
    pulumi.runtime.set_all_config(pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env())
    settings = pulumi.runtime.Settings(
        monitor=args.monitor,
        engine=args.engine,
        project=args.project,
        stack=args.stack,
        parallel=int(args.parallel),
        dry_run=args.dry_run == "true",
        organization=args.organization,
        root_directory=args.root_directory,
    )
    pulumi.runtime.configure(settings)

    sys.argv = [args.PROGRAM] + args.ARGS
    if args.pwd is not None:
        os.chdir(args.pwd)
    program = os.path.abspath(args.PROGRAM)
    program_folder = program if os.path.isdir(program) else os.path.dirname(program)
    if os.path.isdir(program) and not os.path.isfile(os.path.join(program, "__main__.py")):
        pulumi.log.error(f"unable to find main python program `__main__.py` in `{program}`")
        return REPORTED

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    # The SDK runs its blocking calls to the engine in the loop's default executor: one worker per
    # allowed parallel operation is too few, as some calls wait for others.
    executor = ThreadPoolExecutor(max_workers=max(settings.parallel or 1, 1) * 4)
    loop.set_default_executor(executor)
    # A failed deployment leaves futures nobody awaits: asyncio's complaints about them say nothing to a user.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(args.PROGRAM, run_name="__main__")))
        return 0
    except pulumi.RunError as error:
        pulumi.log.error(str(error))
        return 1
    except Exception:  # noqa: BLE001 -- whatever the program raised is reported to the engine
        pulumi.log.error("Program failed with an unhandled exception:\n" + user_traceback(program_folder))
        return REPORTED
    finally:
        executor.shutdown(wait=True)
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())
