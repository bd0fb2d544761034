#!/usr/bin/env python3
"""Instructions per frame of `cutout bench` and of the anchor engines, counted by callgrind.

Times on a shared 2-core host scatter too much to compare two engines within 10 %: the same
binary, run twice at once on the two cores, has given medians 0.7 to 1.4 times apart.
Instruction counts do not depend on the host's load. Each engine renders each scene twice,
with FEW and MANY frames, under `valgrind --tool=callgrind`; the difference divided by
MANY − FEW is one frame's work, setup (parsing, building paths, JIT compilation, PNG output)
cancelled out. Cutout's counts repeat to the instruction; the anchors' vary by about 0.1M a
frame between runs (their Python loop's own work), which matters only on the small scenes.

What the figures are not: time. Blend2D composites 8 pixels per AVX2 instruction where
Cutout's portable SIMD does 4, and valgrind counts each byte of a `rep stosb` (glibc's memset
on large rows, which Cutout's canvas clear uses) as one instruction. So the table also gives
each count without memset (in parentheses), and the ratios of those.

Needs valgrind, a release build of cutout and the anchors' venv (see ../shared/anchors/README.md):
    swift build -c release --product cutout
    python3 scripts/instructions_vs_anchors.py [--scenes tiger,suits] [--engines blend2d]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def callgrind(cmd, workdir):
    """Runs `cmd` under callgrind; returns (total instructions, memset instructions)."""
    out = os.path.join(workdir, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = subprocess.run(["callgrind_annotate", "--threshold=100", out],
                            check=True, capture_output=True, text=True).stdout
    total = memset = 0
    for line in report.splitlines():
        m = re.match(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)$", line)
        if not m:
            continue
        count, what = int(m.group(1).replace(",", "")), m.group(2)
        if what.startswith("PROGRAM TOTALS"):
            total = count
        elif "__memset" in what:
            memset += count
    os.remove(out)
    return total, memset


def per_frame(run, few, many):
    """(instructions, memset instructions) of one frame, from runs of `few` and `many` frames."""
    t0, m0 = run(few)
    t1, m1 = run(many)
    return (t1 - t0) / (many - few), (m1 - m0) / (many - few)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cutout", default=os.path.join(ROOT, ".build", "release", "cutout"))
    ap.add_argument("--anchors", default=os.path.join(ROOT, "..", "shared", "anchors"))
    ap.add_argument("--python", default="/tmp/anchors-venv/bin/python", help="the anchors' venv")
    ap.add_argument("--scenes", default="tiger,suits,holes,erased,polys")
    ap.add_argument("--engines", default="blend2d")
    ap.add_argument("--few", type=int, default=10)
    ap.add_argument("--many", type=int, default=40)
    args = ap.parse_args()
    if args.many <= args.few or args.few < 1:
        sys.exit("--many must be larger than --few, and --few at least 1")
    scene_dir = os.path.join(args.anchors, "..", "data", "anchor_scenes")
    bench = os.path.join(args.anchors, "bench_anchors.py")
    engines = [e for e in args.engines.split(",") if e]
    print("| scene | Cutout | " + " | ".join(engines) + " | "
          + " | ".join("Cutout ÷ %s" % e for e in engines) + " |")
    print("|---|---:|" + "---:|" * (2 * len(engines)))
    with tempfile.TemporaryDirectory() as work:
        for scene in [s for s in args.scenes.split(",") if s]:
            ours, ours_memset = per_frame(lambda n: callgrind(
                [args.cutout, "bench", "--scenes", scene_dir, scene, "--frames", str(n)], work), args.few, args.many)
            theirs = []
            for engine in engines:
                theirs.append(per_frame(lambda n: callgrind(
                    [args.python, bench, "--worker", scene, engine, "--out", work, "--min-frames", str(n),
                     "--max-frames", str(n), "--warmup", "0", "--target-s", "1e9"], work), args.few, args.many))
            cells = ["%.2fM (%.2fM)" % (ours / 1e6, (ours - ours_memset) / 1e6)]
            cells += ["%.2fM (%.2fM)" % (t / 1e6, (t - m) / 1e6) for t, m in theirs]
            cells += ["%.2f (%.2f)" % (ours / t, (ours - ours_memset) / (t - m)) for t, m in theirs]
            print("| %s | %s |" % (scene, " | ".join(cells)), flush=True)


if __name__ == "__main__":
    main()
