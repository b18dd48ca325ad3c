"""Read an animated GIF without any library: print the screen size, the
loop count, then one line per image: its delay (hundredths of a second) and
the leftmost x of the columns where palette colour MARKER fills at least
half the height (the "you are here" line), or -1.  The LZW decoder follows
the GIF89a specification, independent of giflib, which wrote the file."""
import sys

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


def main(path):
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
        cols = [x for x in range(iw)
                if 2 * sum(pix[y * iw + x] == MARKER for y in range(ih)) >= ih]
        print("image", delay, cols[0] if cols else -1)


main(sys.argv[1])
