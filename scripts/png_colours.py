"""The colours of an 8-bit RGB or RGBA PNG, for the screenshot checks (no imaging library needed).

Used by scripts/html-screenshot.sh, scripts/screenshot-inspector.sh and scripts/build-docc.sh: `colour_histogram(path)` returns
(width, height, {(r, g, b): pixel count}), and `count_near(colours, target, tolerance)` the pixels near one colour;
a file that is not such a PNG raises ValueError naming the path.
"""
import struct
import zlib


def colour_histogram(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, idat, width, height, bit_depth, color_type = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, bit_depth, color_type = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if bit_depth != 8 or color_type not in (2, 6):
        raise ValueError(f"{path}: unexpected PNG format (bit depth {bit_depth}, colour type {color_type})")
    channels = 3 if color_type == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours = {}
    offset = 0
    for _ in range(height):
        kind = raw[offset]
        row = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        for x in range(0, stride, channels):
            colour = tuple(row[x:x + 3])
            colours[colour] = colours.get(colour, 0) + 1
        previous = row
    return width, height, colours


def count_near(colours, target, tolerance):
    """How many pixels of a colour_histogram's colours lie within tolerance of target on every channel."""
    return sum(n for c, n in colours.items() if all(abs(a - b) <= tolerance for a, b in zip(c, target)))
