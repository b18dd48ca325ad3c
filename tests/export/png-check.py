#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Print a PNG's width, height and pixel variance (stdlib only: zlib).

Usage: png-check.py FILE  ->  "WIDTH HEIGHT VARIANCE"
       png-check.py FILE --size  ->  "WIDTH HEIGHT" (the header only)
       png-check.py FILE --white X0 Y0 X1 Y1 [SX0 SY0 SX1 SY1]
           ->  the number of pure white pixels (every colour channel 255)
               in the box [X0, X1) x [Y0, Y1), those in the second box
               skipped (pixel coordinates)
The scanlines are unfiltered (PNG filters 0-4) so that the variance is the
pixels', not the filtered bytes'.  8-bit greyscale, RGB, grey+alpha, RGBA.
Speed (a 600 dpi figure is millions of bytes): the None, Sub and Up
filters work on a whole scanline as one integer, adding its bytes modulo
256 without carries between them (add below); Average and Paeth, whose
every byte depends on the one just decoded, go byte by byte."""
import struct
import sys
import zlib

LOW7 = HIGH = 0


def add(x, y):
    """x + y bytewise modulo 256, x and y scanlines as big-endian integers:
    the low seven bits of each byte sum without reaching the next byte,
    the top bit is the sum's parity."""
    return ((x & LOW7) + (y & LOW7)) ^ ((x ^ y) & HIGH)


def unfilter(f, line, prev, bpp, stride):
    """The scanline (bytes after the filter byte f) unfiltered against the
    previous unfiltered one, as a bytearray."""
    if f == 0:
        return bytearray(line)
    if f == 2:
        x = add(int.from_bytes(line, "big"), int.from_bytes(prev, "big"))
        return bytearray(x.to_bytes(stride, "big"))
    if f == 1:
        # Each byte plus every byte a multiple of bpp to its left: prefix
        # sums by doubling (the left neighbour is the more significant).
        x = int.from_bytes(line, "big")
        k = bpp
        while k < stride:
            x = add(x, x >> (8 * k))
            k *= 2
        return bytearray(x.to_bytes(stride, "big"))
    out = bytearray(line)
    if f == 3:
        for i in range(bpp):
            out[i] = (out[i] + (prev[i] >> 1)) & 255
        for i in range(bpp, stride):
            out[i] = (out[i] + ((out[i - bpp] + prev[i]) >> 1)) & 255
        return out
    if f != 4:
        sys.exit("unknown filter %d" % f)
    for i in range(bpp):		# no left neighbour: Paeth predicts b
        out[i] = (out[i] + prev[i]) & 255
    for i in range(bpp, stride):
        a = out[i - bpp]
        b = prev[i]
        c = prev[i - bpp]
        pa = b - c if b > c else c - b		# |p - a|, p = a + b - c
        pb = a - c if a > c else c - a		# |p - b|
        pc = a + b - c - c
        if pc < 0:
            pc = -pc
        if pa <= pb and pa <= pc:
            out[i] = (out[i] + a) & 255
        elif pb <= pc:
            out[i] = (out[i] + b) & 255
        else:
            out[i] = (out[i] + c) & 255
    return out


def whites(line, bpp, x0, x1):
    """Pure white pixels of line in columns [x0, x1)."""
    if x1 <= x0:
        return 0
    seg = line[x0 * bpp:x1 * bpp]
    m = -1
    for k in range(1 if bpp < 3 else 3):
        m &= int.from_bytes(seg[k::bpp], "big")
    return m.to_bytes(x1 - x0, "big").count(255)


def main(path, white=None, size=False):
    global LOW7, HIGH
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
            if size:
                print(ihdr[0], ihdr[1])
                return
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    w, h, depth, ctype = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    if depth != 8 or ihdr[6] != 0:
        sys.exit("only 8-bit non-interlaced PNGs")
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    LOW7 = int.from_bytes(b"\x7f" * stride, "big")
    HIGH = int.from_bytes(b"\x80" * stride, "big")
    prev = bytes(stride)
    n = s = ss = nw = 0
    sq = [v * v for v in range(256)]
    for y in range(h):
        start = y * (stride + 1)
        line = unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp, stride)
        if white is not None and white[1] <= y < white[3]:
            x0, x1 = max(0, white[0]), min(w, white[2])
            nw += whites(line, bpp, x0, x1)
            if len(white) == 8 and white[5] <= y < white[7]:
                nw -= whites(line, bpp, max(x0, white[4]), min(x1, white[6]))
        first = line[0::bpp]		# first channel is enough for "not blank"
        n += len(first)
        s += sum(first)
        ss += sum(map(sq.__getitem__, first))
        prev = line
    mean = s / n
    if white is not None:
        print(nw)
    else:
        print(w, h, "%.6g" % (ss / n - mean * mean))


if len(sys.argv) > 2 and sys.argv[2] == "--white":
    main(sys.argv[1], [int(float(v)) for v in sys.argv[3:]])
elif len(sys.argv) > 2 and sys.argv[2] == "--size":
    main(sys.argv[1], size=True)
else:
    main(sys.argv[1])
