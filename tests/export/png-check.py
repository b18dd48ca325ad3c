#!/usr/bin/python3
"""Print a PNG's width, height and pixel variance (stdlib only: zlib).

Usage: png-check.py FILE  ->  "WIDTH HEIGHT VARIANCE"
       png-check.py FILE --white X0 Y0 X1 Y1 [SX0 SY0 SX1 SY1]
           ->  the number of pure white pixels (every colour channel 255)
               in the box [X0, X1) x [Y0, Y1), those in the second box
               skipped (pixel coordinates)
The scanlines are unfiltered (PNG filters 0-4) so that the variance is the
pixels', not the filtered bytes'.  8-bit greyscale, RGB, grey+alpha, RGBA."""
import struct
import sys
import zlib


def main(path, white=None):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    w, h, depth, ctype = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    if depth != 8 or ihdr[6] != 0:
        sys.exit("only 8-bit non-interlaced PNGs")
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    n = s = ss = nw = 0
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        if white is not None and white[1] <= y < white[3]:
            colours = 1 if bpp < 3 else 3
            for x in range(max(0, white[0]), min(w, white[2])):
                if len(white) == 8 and white[4] <= x < white[6] and white[5] <= y < white[7]:
                    continue
                if all(line[x * bpp + k] == 255 for k in range(colours)):
                    nw += 1
        for i in range(0, stride, bpp):
            v = line[i]			# first channel is enough for "not blank"
            n += 1
            s += v
            ss += v * v
        prev = line
    mean = s / n
    if white is not None:
        print(nw)
    else:
        print(w, h, "%.6g" % (ss / n - mean * mean))


if len(sys.argv) > 2 and sys.argv[2] == "--white":
    main(sys.argv[1], [int(float(v)) for v in sys.argv[3:]])
else:
    main(sys.argv[1])
