#!/usr/bin/env python3
"""Generate the GIF decoder fixtures of CutoutRaster (Tests/CutoutRasterTests/Fixtures/gif/).

Needs (pip): pillow   (see scripts/requirements-golden.txt)

    python scripts/make_gif_fixtures.py

Each `NAME.gif` comes with `NAME.rgba`: its first image as Pillow decodes it (premultiplied
RGBA8, row-major, transparent pixels all zero), the independent oracle GIFDecoderTests
compares with exactly. Pillow writes most files (palettes of 2 to 256 colours, transparency,
interlacing, an image of random pixels that fills the 4,096-entry code table); the rest are
written here byte by byte, with an LZW encoder of our own, for what Pillow does not write: a
local colour table without a global one, an image placed at an offset in a larger logical
screen (the expected pixels are Pillow's decoding of the screen cut to the image's rectangle:
the decoder returns the first image at its own size, as resvg draws it), a graphic control
extension after other extensions, and a code table that stays full without a clear code
(GIF's "deferred clear"). `manifest.txt` lists `NAME WIDTH HEIGHT`.
"""
import io
import os
import random
import struct

from PIL import Image

from decoder_fixtures import premultiplied_rgba

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CutoutRasterTests", "Fixtures", "gif")


def picture(w, h):
    im = Image.new("RGB", (w, h))
    for y in range(h):
        for x in range(w):
            edge = 5 <= x < 12 and 3 <= y < 9
            im.putpixel((x, y), (250, 30, 40) if edge else (30 + x * 9 % 200, 40 + y * 13 % 200, 220 - x * 4 % 200))
    return im


def lzw(indices, min_code, clear_when_full=True):
    """GIF's LZW of `indices`: variable-length codes packed least significant bit first.

    The encoder adds a table entry with every code it writes; the decoder adds the same entry
    one code later, so a code is written as wide as the decoder's table then needs: the
    smallest width whose range holds the encoder's next entry, at most 12 bits. A full table
    (4,096 entries) is cleared, or, with `clear_when_full` false, used as it is to the end.
    """
    clear, end = 1 << min_code, (1 << min_code) + 1

    def fresh():
        return {(i,): i for i in range(clear)}, end + 1

    def width(next_entry):
        size = min_code + 1
        while next_entry > (1 << size) and size < 12:
            size += 1
        return size

    table, next_entry = fresh()
    codes = [(clear, min_code + 1)]
    w = (indices[0],)
    for k in indices[1:]:
        if w + (k,) in table:
            w = w + (k,)
            continue
        codes.append((table[w], width(next_entry)))
        if next_entry < 4096:
            table[w + (k,)] = next_entry
            next_entry += 1
        if next_entry == 4096 and clear_when_full:
            codes.append((clear, 12))
            table, next_entry = fresh()
        w = (k,)
    codes.append((table[w], width(next_entry)))
    codes.append((end, width(min(next_entry + 1, 4096))))
    out, acc, bits = bytearray(), 0, 0
    for c, size in codes:
        acc |= c << bits
        bits += size
        while bits >= 8:
            out.append(acc & 255)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 255)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        out.append(len(data[i:i + 255]))
        out += data[i:i + 255]
    return bytes(out + b"\0")


def palette_bytes(colours):
    n = 1
    while (1 << n) < len(colours):
        n += 1
    return n, b"".join(bytes(c) for c in colours) + b"\0\0\0" * ((1 << n) - len(colours))


def gif(screen, frame, colours, local=False, transparent=None, comment_first=False, clear_when_full=True):
    """A one-image GIF89a: `frame` = (left, top, width, height, indices)."""
    left, top, w, h, indices = frame
    n, pal = palette_bytes(colours)
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", screen[0], screen[1], 0 if local else 0x80 | (n - 1), 0, 0))
    if not local:
        out += pal
    if comment_first:
        out += b"\x21\xfe" + sub_blocks(b"made by make_gif_fixtures.py")
    if transparent is not None:
        out += bytes([0x21, 0xF9, 4, 1, 0, 0, transparent, 0])
    out += b"\x2c" + struct.pack("<HHHHB", left, top, w, h, 0x80 | (n - 1) if local else 0)
    if local:
        out += pal
    min_code = max(2, n)
    out += bytes([min_code]) + sub_blocks(lzw(indices, min_code, clear_when_full))
    return bytes(out + b"\x3b")


def pillow_gif(im, **options):
    buf = io.BytesIO()
    im.save(buf, format="GIF", **options)
    return buf.getvalue()


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(19)
    noise = Image.new("P", (120, 100))
    noise.putpalette([rng.randrange(256) for _ in range(768)])
    noise.putdata([rng.randrange(256) for _ in range(120 * 100)])
    cutout = picture(23, 17).convert("RGBA")
    for y in range(17):
        for x in range(23):
            if (x - 11) ** 2 + (y - 8) ** 2 < 30:
                cutout.putpixel((x, y), (0, 0, 0, 0))
    cutout = cutout.quantize(colors=63, method=Image.Quantize.FASTOCTREE)
    colours3 = [(255, 0, 0), (0, 0, 255), (0, 160, 0)]
    stripes = [(x // 3 + y) % 3 for y in range(7) for x in range(9)]
    cases = {
        "palette-16": pillow_gif(picture(20, 13).quantize(colors=16), interlace=False),
        "palette-256-noise": pillow_gif(noise, interlace=False, optimize=False),
        "two-colours": pillow_gif(picture(19, 11).convert("1"), interlace=False),
        "interlaced": pillow_gif(picture(20, 21).quantize(colors=32), interlace=True),
        "transparent": pillow_gif(cutout, transparency=cutout.getpixel((11, 8)), interlace=False),
        "one-pixel": pillow_gif(Image.new("P", (1, 1), 0), interlace=False),
        "local-table": gif((9, 7), (0, 0, 9, 7, stripes), colours3, local=True),
        "offset-in-screen": gif((16, 12), (5, 3, 9, 7, stripes), colours3),
        "comment-then-transparency": gif((9, 7), (0, 0, 9, 7, stripes), colours3, transparent=1, comment_first=True),
        "full-table-no-clear": gif((120, 100), (0, 0, 120, 100, list(noise.get_flattened_data())),
                                   [tuple(noise.getpalette()[3 * i:3 * i + 3]) for i in range(256)], clear_when_full=False),
    }
    manifest = []
    for name, data in cases.items():
        with open(os.path.join(OUT, name + ".gif"), "wb") as f:
            f.write(data)
        im = Image.open(io.BytesIO(data))
        # Pillow gives the logical screen; the decoder gives the first image's rectangle.
        box = im.tile[0][1] if im.tile else (0, 0) + im.size
        im.load()
        frame = im.crop(box)
        with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
            f.write(premultiplied_rgba(frame))
        manifest.append(f"{name} {frame.width} {frame.height}")
        print("wrote", name, frame.size, len(data), "bytes")
    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
