#!/usr/bin/env python3
"""Runs libFuzzer targets for a fixed time each and reports their executions.

    run_fuzz.py --seconds N --work DIR --target NAME EXE SEEDS REGRESSIONS [--target ...]

Each target first replays its regression inputs (inputs that once failed),
then fuzzes for N seconds from its seed corpus. New inputs go into
DIR/NAME/corpus, never into the repository's seeds; a crash leaves its input
in DIR/NAME/ (add it to REGRESSIONS once fixed). Exits non-zero if any target
failed. A per-input timeout turns a hang into a failure.

libFuzzer writes its output to DIR/NAME/last-run.log, not through this script,
so a long run's figures survive whatever happens to the script. Interrupted
(Ctrl-C, SIGINT or SIGTERM), the script asks the running fuzzer to stop,
reports its executions up to then as an interrupted run, and fuzzes no more
targets.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

PER_INPUT_TIMEOUT_SECONDS = 60
# How libFuzzer exits when interrupted (its -interrupt_exit_code), and how a
# fuzzer ends that a SIGINT reaches before libFuzzer handles it.
INTERRUPTED_EXITS = (72, -signal.SIGINT)
# Searches and sessions start threads; leaks are real failures, but an
# allocation the engine refuses (a Hash it cannot get) must return NULL to it
# rather than abort, as it would in a host.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "allocator_may_return_null=1:detect_leaks=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, required=True)
    parser.add_argument("--seconds-from-env", help="environment variable that overrides --seconds")
    parser.add_argument("--work", required=True)
    parser.add_argument("--target", nargs=4, action="append", required=True,
                        metavar=("NAME", "EXE", "SEEDS", "REGRESSIONS"))
    args = parser.parse_args()
    if args.seconds_from_env and os.environ.get(args.seconds_from_env):
        args.seconds = int(os.environ[args.seconds_from_env])
    return args


def regression_inputs(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if not f.startswith("."))


def fuzz(name, exe, seeds, regressions, seconds, work):
    folder = os.path.join(work, name)
    corpus = os.path.join(folder, "corpus")
    os.makedirs(corpus, exist_ok=True)
    env = dict(os.environ, **SANITIZER_ENV)
    old = regression_inputs(regressions)
    if old:
        replay = subprocess.run([exe, f"-timeout={PER_INPUT_TIMEOUT_SECONDS}"] + old, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        if replay.returncode != 0:
            print(replay.stdout[-4000:])
            print(f"{name}: a regression input fails again")
            return False
    command = [exe, f"-max_total_time={seconds}", f"-timeout={PER_INPUT_TIMEOUT_SECONDS}",
               "-print_final_stats=1", f"-artifact_prefix={folder}/", corpus, seeds]
    log_path = os.path.join(folder, "last-run.log")
    start = time.monotonic()
    interrupted = False
    with open(log_path, "w") as log:
        fuzzer = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            returncode = fuzzer.wait()
        except KeyboardInterrupt:
            # libFuzzer prints its final statistics when interrupted.
            interrupted = True
            fuzzer.send_signal(signal.SIGINT)
            returncode = fuzzer.wait()
    elapsed = time.monotonic() - start
    with open(log_path, errors="replace") as log:
        output = log.read()
    executions = re.findall(r"stat::number_of_executed_units: (\d+)", output)
    coverage = re.findall(r"cov: (\d+) ft: (\d+)", output)
    cov, features = coverage[-1] if coverage else ("?", "?")
    count = executions[-1] if executions else "?"
    print(f"{name}: {count} executions in {elapsed:.0f} s, coverage {cov} edges, {features} features, "
          f"corpus {len(os.listdir(corpus))} inputs, exit {returncode}" + (" (interrupted)" if interrupted else ""))
    failed = returncode != 0 and not (interrupted and returncode in INTERRUPTED_EXITS)
    if failed:
        print(output[-6000:])
    sys.stdout.flush()
    if interrupted:
        raise KeyboardInterrupt
    return not failed


def stop_on_sigterm():
    """SIGTERM ends a run as Ctrl-C does, with the figures reported."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, interrupt)


def main():
    args = parse_args()
    stop_on_sigterm()
    ok = True
    for name, exe, seeds, regressions in args.target:
        try:
            ok &= fuzz(name, exe, seeds, regressions, args.seconds, args.work)
        except KeyboardInterrupt:
            print("interrupted: the remaining targets were not run")
            return 130
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
