# SPDX-License-Identifier: GPL-3.0-or-later
"""Read an animated GIF without any library: print the screen size, the
loop count, then one line per image:

  image DELAY MARKER_X AXIS_Y TICKS LABEL_CRC LABEL_PIXELS

its delay (hundredths of a second); the leftmost x of the columns where
palette colour MARKER fills at least half the height (the "you are here"
line), or -1; the lowest row where colour AXIS fills at least half the
width (the x axis), or -1; the number of AXIS runs in the row just below
it between the y axes (the tick marks); a CRC-32 and the count of the AXIS pixels (text) in
the top-left label box (the top 8% of the rows, the left half).  The LZW
decoder follows the GIF89a specification, independent of giflib, which
wrote the file.  With --png K FILE the K-th image (from 0) is also written
as a greyscale PNG of its palette indices times 36, to look at."""
import struct
import sys
import zlib

AXIS = 1
MARKER = 5


def lzw(data, min_size, npix):
    clear, end = 1 << min_size, (1 << min_size) + 1
    size = min_size + 1
    table = [bytes([i]) for i in range(clear)] + [b"", b""]
    out, prev, bits, nbits, pos = bytearray(), None, 0, 0, 0
    while len(out) < npix:
        while nbits < size:
            if pos >= len(data):
                return bytes(out)
            bits |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = bits & ((1 << size) - 1)
        bits >>= size
        nbits -= size
        if code == clear:
            size = min_size + 1
            table = table[:end + 1]
            prev = None
            continue
        if code == end:
            break
        if code < len(table):
            entry = table[code]
            if prev is not None:
                table.append(prev + entry[:1])
        else:
            entry = prev + prev[:1]
            table.append(entry)
        out += entry
        prev = entry
        if len(table) == (1 << size) and size < 12:
            size += 1
    return bytes(out)


def png(path, w, h, pix):
    raw = b"".join(b"\0" + bytes(min(255, 36 * v) for v in pix[y * w:(y + 1) * w])
                   for y in range(h))
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff))
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" +
                           chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
                           chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def describe(pix, iw, ih):
    cols = [x for x in range(iw)
            if 2 * sum(pix[y * iw + x] == MARKER for y in range(ih)) >= ih]
    rows = [y for y in range(ih)
            if 2 * sum(pix[y * iw + x] == AXIS for x in range(iw)) >= iw]
    axis = rows[-1] if rows else -1
    # Between the y axes (the columns AXIS fills at least half of).
    ycols = [x for x in range(iw)
             if 2 * sum(pix[y * iw + x] == AXIS for y in range(ih)) >= ih]
    ticks = 0
    if 0 <= axis < ih - 1 and len(ycols) >= 2:
        below = [pix[(axis + 1) * iw + x] == AXIS for x in range(iw)]
        ticks = sum(1 for x in range(ycols[0] + 1, ycols[-1])
                    if below[x] and not below[x - 1])
    box = bytes(pix[y * iw + x] == AXIS for y in range(ih * 8 // 100) for x in range(iw // 2))
    return "%d %d %d %08x %d" % (cols[0] if cols else -1, axis, ticks,
                                 zlib.crc32(box) & 0xffffffff, sum(box))


def main(path, want=None, out=None):
    b = open(path, "rb").read()
    assert b[:6] == b"GIF89a", "not a GIF89a file"
    w, h, flags = b[6] | b[7] << 8, b[8] | b[9] << 8, b[10]
    pos = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    print("screen", w, h)
    delay, loop = None, None
    while True:
        t = b[pos]
        pos += 1
        if t == 0x3B:
            break
        if t == 0x21:
            label = b[pos]
            pos += 1
            blocks = []
            while b[pos]:
                blocks.append(b[pos + 1:pos + 1 + b[pos]])
                pos += 1 + b[pos]
            pos += 1
            if label == 0xF9:
                delay = blocks[0][1] | blocks[0][2] << 8
            if label == 0xFF and blocks[0] == b"NETSCAPE2.0":
                loop = blocks[1][1] | blocks[1][2] << 8
                print("loop", loop)
            continue
        assert t == 0x2C, "unexpected block %#x" % t
        iw, ih, iflags = b[pos + 4] | b[pos + 5] << 8, b[pos + 6] | b[pos + 7] << 8, b[pos + 8]
        pos += 9
        if iflags & 0x80:
            pos += 3 * (2 << (iflags & 7))
        min_size = b[pos]
        pos += 1
        data = bytearray()
        while b[pos]:
            data += b[pos + 1:pos + 1 + b[pos]]
            pos += 1 + b[pos]
        pos += 1
        pix = lzw(bytes(data), min_size, iw * ih)
        assert len(pix) == iw * ih, "short image data"
        if want == 0:
            png(out, iw, ih, pix)
        if want is not None:
            want -= 1
        print("image", delay, describe(pix, iw, ih))


if len(sys.argv) == 5 and sys.argv[2] == "--png":
    main(sys.argv[1], int(sys.argv[3]), sys.argv[4])
else:
    main(sys.argv[1])
