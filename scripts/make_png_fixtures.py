#!/usr/bin/env python3
"""Generate the PNG decoder fixtures of CutoutRaster and check our encoders with Pillow.

Needs (pip): pypng pillow  (both listed in scripts/requirements-golden.txt)

    /tmp/anchors-venv/bin/python scripts/make_png_fixtures.py             # write fixtures
    /tmp/anchors-venv/bin/python scripts/make_png_fixtures.py --check-swift-output [--scratch-path .build]

Fixtures go to Tests/CutoutRasterTests/Fixtures/png/: for every `NAME.png` a `NAME.rgba` holds
the pixels the decoder must produce (premultiplied RGBA8, row-major, top row first) and
`manifest.txt` lists `NAME WIDTH HEIGHT` with a description. The PNG files are written by
pypng (every bit depth x colour type, tRNS, Adam7, split IDAT), by Pillow (its own adaptive
filtering) and by the small raw writer below (every filter type forced, odd chunk layouts).
Expected pixels are computed here from the source samples, never from our decoder, with:

  * grey of depth 1, 2, 4 scaled exactly: v * 255 // (2**d - 1)  (x255, x85, x17);
  * 16-bit samples narrowed by rounding to nearest: (v * 255 + 32767) // 65535;
  * tRNS on grey / RGB: a pixel whose raw samples equal the key is (0, 0, 0, 0), others opaque;
    palette tRNS gives per-entry alpha, entries past its end are opaque;
  * premultiplied on the 8-bit values: (c * a + 127) // 255  (c * a / 255 rounded to nearest).

Every file is also decoded by Pillow where Pillow reads the samples exactly (bit depth <= 8)
and by pypng (raw samples, every depth) and must agree, so the expected values are anchored to
two decoders besides this arithmetic.

--check-swift-output runs the Swift tests that export our encoders' output (PNGEncoderTests,
APNGTests, with CUTOUT_PNG_EXPORT_DIR set) and validates each exported file with Pillow: still
PNGs must decode to their exported source pixels; the APNG must open as animated with the
exported frame count, each frame's pixels and the frame duration.
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import png  # pypng
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests" / "CutoutRasterTests" / "Fixtures" / "png"

# ---------------------------------------------------------------------------------------------
# Expected pixel arithmetic (independent of the Swift decoder).


def narrow16(v):
    return (v * 255 + 32767) // 65535


def to8(v, depth):
    if depth == 16:
        return narrow16(v)
    return v * 255 // ((1 << depth) - 1)


def premultiply(c, a):
    return (c * a + 127) // 255


def expected_pixels(kind, depth, rows, palette=None, trns=None):
    """rows: list of rows of pixels, each pixel a tuple of raw samples (index for palette)."""
    out = bytearray()
    for row in rows:
        for px in row:
            if kind == "palette":
                entry = palette[px[0]]
                r, g, b = entry[:3]
                a = entry[3] if len(entry) == 4 else 255
            elif kind == "grey":
                if trns is not None and px[0] == trns:
                    r = g = b = a = 0
                else:
                    r = g = b = to8(px[0], depth)
                    a = 255
            elif kind == "rgb":
                if trns is not None and tuple(px) == tuple(trns):
                    r = g = b = a = 0
                else:
                    r, g, b = (to8(v, depth) for v in px)
                    a = 255
            elif kind == "greyalpha":
                r = g = b = to8(px[0], depth)
                a = to8(px[1], depth)
            elif kind == "rgba":
                r, g, b = (to8(v, depth) for v in px[:3])
                a = to8(px[3], depth)
            else:
                raise ValueError(kind)
            out += bytes((premultiply(r, a), premultiply(g, a), premultiply(b, a), a))
    return bytes(out)


CHANNELS = {"grey": 1, "rgb": 3, "palette": 1, "greyalpha": 2, "rgba": 4}
COLOR_TYPE = {"grey": 0, "rgb": 2, "palette": 3, "greyalpha": 4, "rgba": 6}


def make_samples(rng, kind, depth, width, height, palette_size=None, key=None):
    """Random samples with extremes and the tRNS key sprinkled in."""
    top = (palette_size - 1) if kind == "palette" else (1 << depth) - 1
    n = CHANNELS[kind]
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            pick = rng.random()
            if pick < 0.1:
                px = tuple(0 for _ in range(n))
            elif pick < 0.2:
                px = tuple(top for _ in range(n))
            elif key is not None and pick < 0.35:
                px = tuple(key) if isinstance(key, tuple) else (key,)
            else:
                px = tuple(rng.randint(0, top) for _ in range(n))
            if kind in ("greyalpha", "rgba") and rng.random() < 0.15:
                px = px[:-1] + (rng.choice([0, top]),)
            row.append(px)
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------
# A raw PNG writer, for layouts pypng and Pillow do not produce (forced filters, odd chunks).


def chunk(ctype, data):
    body = ctype + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(kind, depth, row):
    samples = [s for px in row for s in px]
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out = bytearray()
    acc, bits = 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(ftype, cur, prev, bpp):
    out = bytearray([ftype])
    for i, x in enumerate(cur):
        a = cur[i - bpp] if i >= bpp else 0
        b = prev[i] if prev is not None else 0
        c = prev[i - bpp] if prev is not None and i >= bpp else 0
        pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
        out.append((x - pred) & 0xFF)
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def raw_scanlines(kind, depth, rows, interlace, filters):
    """Filtered scanlines; row k (counted over all passes) uses filters[k % len(filters)]."""
    bpp = max(1, depth * CHANNELS[kind] // 8)
    width, height = len(rows[0]), len(rows)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    out = bytearray()
    k = 0
    for xs, ys, dx, dy in passes:
        sub = [[rows[y][x] for x in range(xs, width, dx)] for y in range(ys, height, dy)]
        if not sub or not sub[0]:
            continue
        prev = None
        for row in sub:
            cur = pack_row(kind, depth, row)
            out += filter_row(filters[k % len(filters)], cur, prev, bpp)
            prev = cur
            k += 1
    return bytes(out)


def raw_png(kind, depth, rows, interlace=False, filters=(0,), palette=None, trns_chunk=None,
            idat_sizes=None, extra_before=(), extra_after=()):
    width, height = len(rows[0]), len(rows)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, COLOR_TYPE[kind], 0, 0, 1 if interlace else 0)
    data = zlib.compress(raw_scanlines(kind, depth, rows, interlace, filters), 9)
    out = bytearray(b"\x89PNG\r\n\x1a\n") + chunk(b"IHDR", ihdr)
    for c in extra_before:
        out += c
    if palette is not None:
        out += chunk(b"PLTE", b"".join(bytes(p[:3]) for p in palette))
    if trns_chunk is not None:
        out += chunk(b"tRNS", trns_chunk)
    pieces = []
    if idat_sizes:
        pos = 0
        for size in idat_sizes:
            pieces.append(data[pos:pos + size])
            pos += size
        pieces.append(data[pos:])
    else:
        pieces = [data]
    for p in pieces:
        out += chunk(b"IDAT", p)
    for c in extra_after:
        out += c
    out += chunk(b"IEND", b"")
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# Fixture set.


def pypng_png(path, kind, depth, rows, palette=None, trns=None, interlace=False, chunk_limit=2 ** 20):
    width, height = len(rows[0]), len(rows)
    kwargs = dict(width=width, height=height, bitdepth=depth, interlace=interlace, chunk_limit=chunk_limit)
    if kind == "palette":
        kwargs["palette"] = palette
    else:
        kwargs["greyscale"] = kind in ("grey", "greyalpha")
        kwargs["alpha"] = kind in ("greyalpha", "rgba")
        if trns is not None:
            kwargs["transparent"] = trns
    flat = [[s for px in row for s in px] for row in rows]
    with open(path, "wb") as f:
        png.Writer(**kwargs).write(f, flat)


def random_palette(rng, size, alpha_count=0):
    pal = []
    for i in range(size):
        rgb = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
        if i < alpha_count:
            pal.append(rgb + (rng.choice([0, 255, rng.randint(1, 254)]),))
        else:
            pal.append(rgb)
    return pal


def check_with_other_decoders(path, kind, depth, rows, expected):
    # pypng: raw samples must be what we wrote.
    reader = png.Reader(filename=str(path))
    w, h, pixels, info = reader.read()
    flat = [list(r) for r in pixels]
    want = [[s for px in row for s in px] for row in rows]
    assert flat == want, f"{path.name}: pypng reads different samples"
    # Pillow: exact for bit depths <= 8.
    if depth <= 8:
        im = Image.open(path)
        im.load()
        if kind == "grey" and depth < 8 and "transparency" in im.info:
            # Pillow widens 1/2/4-bit grey to 8 bits but keeps the tRNS key unscaled.
            im.info["transparency"] = to8(im.info["transparency"], depth)
        rgba = im.convert("RGBA").tobytes()
        got = bytearray()
        for i in range(0, len(rgba), 4):
            r, g, b, a = rgba[i:i + 4]
            got += bytes((premultiply(r, a), premultiply(g, a), premultiply(b, a), a))
        assert bytes(got) == expected, f"{path.name}: Pillow disagrees with the expected pixels"
        return "pypng+Pillow"
    return "pypng"


def generate():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*"):
        if old.suffix in (".png", ".rgba", ".txt"):
            old.unlink()
    rng = random.Random(20240603)
    manifest = []

    def emit(name, kind, depth, rows, description, writer, palette=None, trns=None):
        path = OUT / f"{name}.png"
        writer(path)
        expected = expected_pixels(kind, depth, rows, palette=palette, trns=trns)
        checked = check_with_other_decoders(path, kind, depth, rows, expected)
        (OUT / f"{name}.rgba").write_bytes(expected)
        manifest.append(f"{name} {len(rows[0])} {len(rows)} {description}")
        print(f"{name:28s} {len(rows[0]):3d}x{len(rows):<3d} checked by {checked}")

    def pypng_case(name, kind, depth, size, interlace=False, trns=False, palette_size=None,
                   palette_alpha=0, chunk_limit=2 ** 20):
        w, h = size
        palette = random_palette(rng, palette_size, palette_alpha) if kind == "palette" else None
        key = None
        if trns and kind == "grey":
            key = rng.randint(0, (1 << depth) - 1)
        elif trns and kind == "rgb":
            key = tuple(rng.randint(0, (1 << depth) - 1) for _ in range(3))
        rows = make_samples(rng, kind, depth, w, h, palette_size=palette_size, key=key)
        desc = f"pypng {kind} {depth}-bit" + (" Adam7" if interlace else "") + (" tRNS" if trns or palette_alpha else "")
        emit(name, kind, depth, rows, desc,
             lambda p: pypng_png(p, kind, depth, rows, palette=palette, trns=key, interlace=interlace,
                                 chunk_limit=chunk_limit),
             palette=palette, trns=key)

    # Every bit depth x colour type.
    for depth, size in [(1, (33, 17)), (2, (3, 5)), (4, (13, 7)), (8, (16, 16)), (16, (9, 9))]:
        pypng_case(f"grey-{depth}", "grey", depth, size)
    for depth, size in [(1, (33, 17)), (2, (3, 5)), (4, (13, 7)), (8, (20, 11))]:
        pypng_case(f"palette-{depth}", "palette", depth, size, palette_size=min(1 << depth, 200))
    for depth in (8, 16):
        pypng_case(f"rgb-{depth}", "rgb", depth, (17, 9))
        pypng_case(f"greyalpha-{depth}", "greyalpha", depth, (11, 6))
        pypng_case(f"rgba-{depth}", "rgba", depth, (33, 17))
    # Transparency chunks.
    pypng_case("grey-2-trns", "grey", 2, (7, 7), trns=True)
    pypng_case("grey-8-trns", "grey", 8, (12, 5), trns=True)
    pypng_case("grey-16-trns", "grey", 16, (5, 12), trns=True)
    pypng_case("rgb-8-trns", "rgb", 8, (10, 10), trns=True)
    pypng_case("rgb-16-trns", "rgb", 16, (6, 4), trns=True)
    pypng_case("palette-8-trns", "palette", 8, (16, 8), palette_size=40, palette_alpha=25)
    pypng_case("palette-2-trns", "palette", 2, (9, 3), palette_size=4, palette_alpha=2)
    # Adam7 on several kinds and sizes, including sizes where some passes are empty.
    pypng_case("grey-1-adam7", "grey", 1, (33, 17), interlace=True)
    pypng_case("grey-4-adam7", "grey", 4, (3, 5), interlace=True)
    pypng_case("palette-2-adam7", "palette", 2, (13, 7), interlace=True, palette_size=4, palette_alpha=1)
    pypng_case("rgb-8-adam7", "rgb", 8, (33, 17), interlace=True)
    pypng_case("rgba-8-adam7", "rgba", 8, (8, 8), interlace=True)
    pypng_case("rgba-16-adam7", "rgba", 16, (9, 11), interlace=True)
    pypng_case("greyalpha-8-adam7-1x1", "greyalpha", 8, (1, 1), interlace=True)
    pypng_case("grey-16-trns-adam7", "grey", 16, (2, 3), interlace=True, trns=True)
    # Tiny and split-IDAT files.
    pypng_case("rgba-8-1x1", "rgba", 8, (1, 1))
    pypng_case("grey-1-1x1", "grey", 1, (1, 1))
    pypng_case("rgba-8-multi-idat", "rgba", 8, (20, 20), chunk_limit=64)

    # Raw writer: every filter type on every kind of stride, odd chunk layouts.
    def raw_case(name, kind, depth, size, description, interlace=False, filters=(0, 1, 2, 3, 4),
                 idat_sizes=None, extra_before=(), extra_after=()):
        w, h = size
        rows = make_samples(rng, kind, depth, w, h)
        emit(name, kind, depth, rows, description,
             lambda p: p.write_bytes(raw_png(kind, depth, rows, interlace=interlace, filters=filters,
                                             idat_sizes=idat_sizes, extra_before=extra_before,
                                             extra_after=extra_after)))

    for ftype, fname in enumerate(["none", "sub", "up", "average", "paeth"]):
        raw_case(f"filter-{fname}-rgba-8", "rgba", 8, (12, 9), f"raw writer, every row filter {fname}",
                 filters=(ftype,))
    raw_case("filters-all-rgb-16", "rgb", 16, (10, 10), "raw writer, filters 0-4 cycling, 6-byte stride")
    raw_case("filters-all-grey-2", "grey", 2, (19, 10), "raw writer, filters 0-4 cycling, sub-byte")
    raw_case("filters-all-greyalpha-8-adam7", "greyalpha", 8, (23, 13), "raw writer, filters cycling, Adam7",
             interlace=True)
    raw_case("idat-split-odd", "rgba", 8, (15, 6), "raw writer, IDAT split 1/0/7/2 bytes then rest",
             idat_sizes=[1, 0, 7, 2])
    raw_case("ancillary-chunks", "rgb", 8, (7, 5), "raw writer, gAMA/tEXt/private ancillary chunks",
             extra_before=(chunk(b"gAMA", struct.pack(">I", 45455)), chunk(b"tEXt", b"Comment\x00fixture"),
                           chunk(b"prVt", b"\x00\x01\x02")),
             extra_after=(chunk(b"tEXt", b"After\x00image data"),))

    # Pillow's own encoder (adaptive filters, zlib level 9).
    for name, mode, size in [("pillow-rgba", "RGBA", (31, 19)), ("pillow-rgb", "RGB", (25, 14))]:
        n = len(mode)
        rows = make_samples(rng, "rgba" if n == 4 else "rgb", 8, *size)
        kind = "rgba" if n == 4 else "rgb"

        def write(p, rows=rows, mode=mode, size=size):
            im = Image.frombytes(mode, size, bytes(s for row in rows for px in row for s in px))
            im.save(p, optimize=True)
        emit(name, kind, 8, rows, f"Pillow-written {mode}", write)

    (OUT / "manifest.txt").write_text("\n".join(manifest) + "\n")
    print(f"{len(manifest)} fixtures written to {OUT.relative_to(ROOT)}")


# ---------------------------------------------------------------------------------------------
# Validation of our encoders' output with Pillow.


def pillow_premultiplied(im):
    rgba = im.convert("RGBA").tobytes()
    out = bytearray()
    for i in range(0, len(rgba), 4):
        r, g, b, a = rgba[i:i + 4]
        out += bytes((premultiply(r, a), premultiply(g, a), premultiply(b, a), a))
    return bytes(out)


def check_swift_output(scratch):
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CUTOUT_PNG_EXPORT_DIR=tmp)
        cmd = ["swift", "test", "--scratch-path", scratch, "--filter", "PNGEncoderTests|APNGTests"]
        print("running:", " ".join(cmd))
        subprocess.run(cmd, cwd=ROOT, env=env, check=True)
        stills = sorted(Path(tmp).glob("still-*.png"))
        animations = sorted(Path(tmp).glob("anim-*.png"))
        assert stills and animations, "the Swift tests exported nothing"
        for path in stills:
            im = Image.open(path)
            im.load()
            want = path.with_suffix(".rgba").read_bytes()
            assert pillow_premultiplied(im) == want, f"{path.name}: Pillow decodes different pixels"
            print(f"ok  {path.name}: Pillow reads {im.size[0]}x{im.size[1]} {im.mode}, pixels equal")
        for path in animations:
            meta = dict(line.split("=", 1) for line in path.with_suffix(".txt").read_text().split())
            frames, duration_ms = int(meta["frames"]), float(meta["duration_ms"])
            im = Image.open(path)
            assert im.format == "PNG" and getattr(im, "is_animated", False), f"{path.name}: not animated"
            assert im.n_frames == frames, f"{path.name}: {im.n_frames} frames, expected {frames}"
            for i in range(frames):
                im.seek(i)
                want = (path.parent / f"{path.stem}-frame{i}.rgba").read_bytes()
                assert pillow_premultiplied(im) == want, f"{path.name}: frame {i} differs"
                assert abs(im.info["duration"] - duration_ms) < 0.5, f"{path.name}: duration {im.info['duration']}"
            print(f"ok  {path.name}: Pillow reads an animated PNG of {im.n_frames} frames, "
                  f"{duration_ms:g} ms each, every frame's pixels equal")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check-swift-output", action="store_true",
                        help="validate PNG/APNG written by our encoders with Pillow instead of generating")
    parser.add_argument("--scratch-path", default=".build", help="swift build scratch path for the check")
    args = parser.parse_args()
    if args.check_swift_output:
        check_swift_output(args.scratch_path)
    else:
        generate()


if __name__ == "__main__":
    sys.exit(main())
