"""Shared by the decoder fixture scripts (make_gif_fixtures.py, make_webp_fixtures.py)."""


def premultiplied_rgba(im):
    """The image as premultiplied RGBA8 bytes, each colour channel times alpha / 255 rounded
    to nearest, as Cutout's pixmaps store it."""
    rgba = im.convert("RGBA")
    data = bytearray(rgba.tobytes())
    for i in range(0, len(data), 4):
        a = data[i + 3]
        for c in range(3):
            data[i + c] = (data[i + c] * a + 127) // 255
    return bytes(data)
