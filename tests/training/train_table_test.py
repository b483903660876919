#!/usr/bin/env python3
"""`augur train` end to end: a little self-play data from `augur datagen`, a few
epochs of `augur train`, and the table it writes must go through the build's own
generator (lib/tools/gen_tables.py) into the C++ weights header, as a tuned table
checked in as lib/eval/weights.table would. Exits 1 on any failure.

  train_table_test.py AUGUR GEN_TABLES WEIGHTS_TABLE WEIGHTS_TEMPLATE
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"FAILED ({done.returncode}): {' '.join(map(str, command))}\n{done.stdout}{done.stderr}")
    return done.stdout


def main(augur, gen_tables, table, template):
    with tempfile.TemporaryDirectory() as folder:
        data, start, tuned, header = (Path(folder) / name
                                      for name in ("data.bin", "start.table", "tuned.table", "weights.h"))
        run([augur, "datagen", "-output", data, "-games", "6", "-nodes", "300", "-seed", "5"])
        # The built-in weights may already be tuned, so that a few epochs find nothing
        # better: start from a table with an absurd tempo bonus, which any data corrects.
        text, absurd = re.subn(r"^tempo: Score = \S+", "tempo: Score = 300/300", Path(table).read_text(), flags=re.M)
        if absurd != 1:
            sys.exit("FAILED: no tempo weight in " + table)
        start.write_text(text)
        out = run([augur, "train", "-data", data, "-table", start, "-output", tuned, "-epochs", "4", "-batch", "64",
                   "-lr", "2", "-threads", "2"])
        print(out, end="")
        if tuned.read_text() == start.read_text():
            sys.exit("FAILED: the tuned table equals the one it started from")
        run([sys.executable, gen_tables, tuned, template, header])
        if "struct EvalWeights" not in header.read_text():
            sys.exit("FAILED: gen_tables.py wrote no EvalWeights")
    print("the tuned table goes through gen_tables.py")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
