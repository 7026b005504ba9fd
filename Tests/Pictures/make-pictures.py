"""Writes the decoder tests' pictures (see make-pictures.sh, which runs this).

quarters.*: 60 x 40, top left red, top right green, bottom left blue, bottom right white,
in every format the decoder reads (quarters-png.ico: an icon whose largest image is a PNG). orientation-N.jpg: the same pixels stored with EXIF
Orientation N (1 to 8). prophoto.*: the same colours converted into the
ProPhoto RGB space, with its profile embedded (shown right only when it is converted back).
swapped.jpg: tagged with a profile that swaps red and green. animated.gif, animated.webp: three
frames of 100 ms (the quarters, all red, all blue), looping. metadata.jpg: 200 KB of XMP before the frame. *-bomb.*: headers that
claim 50000 x 50000 pixels. (The SVG bombs are made by the tests: 700 KB of text to commit.)
quarters-vp8.webm, quarters-vp9.webm: one second of the quarters, for the video poster reader.
quarters-tone.mp4: two seconds of the quarters (H.264) with a 440 Hz tone (AAC), for the player.
checkers-8200.png: 8200 x 8200 (67 megapixels, past the limit of a whole decode), grey, squares of
512 pixels alternating 30 and 230 from a dark top-left one: decoded only by parts (streamed).
"""
import struct
import subprocess
import zlib

WIDTH, HEIGHT = 60, 40
RED, GREEN, BLUE, WHITE = (220, 30, 30), (30, 200, 60), (30, 60, 220), (255, 255, 255)


def pixel(x, y):
    if y < HEIGHT // 2:
        return RED if x < WIDTH // 2 else GREEN
    return BLUE if x < WIDTH // 2 else WHITE


def rows():
    return [[pixel(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]


def png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in rows())
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def ppm():
    return b"P6 %d %d 255\n" % (WIDTH, HEIGHT) + bytes(c for row in rows() for p in row for c in p)


def bmp(width=WIDTH, height=HEIGHT, pixels=True):
    stride = (width * 3 + 3) & ~3
    body = b""
    if pixels:
        for row in reversed(rows()):
            line = bytes(c for p in row for c in reversed(p))
            body += line + b"\0" * (stride - len(line))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(body), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info) + len(body), 0, 0, 14 + len(info)) + info + body


def ico():
    # An icon holding one 32-bit BMP image (with its AND mask), as Windows writes them.
    xor = b"".join(bytes(c for p in row for c in (p[2], p[1], p[0], 255)) for row in reversed(rows()))
    mask = b"\0" * (((WIDTH + 31) // 32) * 4 * HEIGHT)
    info = struct.pack("<IiiHHIIiiII", 40, WIDTH, HEIGHT * 2, 1, 32, 0, len(xor) + len(mask), 0, 0, 0, 0)
    image = info + xor + mask
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", WIDTH, HEIGHT, 0, 0, 1, 32, len(image), 22) + image


def png_ico():
    # An icon whose largest image is a PNG (every 256 px icon since Windows Vista, many
    # favicons), with a small BMP one before it, as icon editors write them.
    side = 16
    xor = bytes((30, 30, 220, 255)) * side * side
    mask = b"\0" * (4 * side)
    small = struct.pack("<IiiHHIIiiII", 40, side, side * 2, 1, 32, 0, len(xor) + len(mask), 0, 0, 0, 0) + xor + mask
    png_image = png()
    header = struct.pack("<HHH", 0, 1, 2)
    start = len(header) + 2 * 16
    entries = (struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(small), start)
               + struct.pack("<BBBBHHII", WIDTH, HEIGHT, 0, 0, 1, 32, len(png_image), start + len(small)))
    return header + entries + small + png_image


def tiff(width=WIDTH, height=HEIGHT, pixels=True):
    data = bytes(c for row in rows() for p in row for c in p) if pixels else b""
    entries = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 2),
               (273, 4, 1, 0), (277, 3, 1, 3), (278, 4, 1, height), (279, 4, 1, min(width * height * 3, 0xFFFFFFFF))]
    ifd_offset = 8
    data_offset = ifd_offset + 2 + len(entries) * 12 + 4
    out = b"II*\0" + struct.pack("<I", ifd_offset) + struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        value = data_offset if tag == 273 else value
        out += struct.pack("<HHI", tag, kind, count) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    return out + struct.pack("<I", 0) + data


def svg():
    return ('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40">'
            '<rect width="30" height="20" fill="rgb(220,30,30)"/><rect x="30" width="30" height="20" fill="rgb(30,200,60)"/>'
            '<rect y="20" width="30" height="20" fill="rgb(30,60,220)"/><rect x="30" y="20" width="30" height="20" fill="#fff"/>'
            '</svg>\n').encode()


def jpeg_with_segments(jpeg, segments):
    """`jpeg` with `segments` (marker, payload) inserted right after its start-of-image."""
    inserted = b"".join(bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload for marker, payload in segments)
    return jpeg[:2] + inserted + jpeg[2:]


def patched_ispe(data, side):
    """An ISO media file with every image spatial extent set to `side` x `side`."""
    out = bytearray(data)
    at = out.find(b"ispe")
    while at >= 0:
        out[at + 8:at + 16] = struct.pack(">II", side, side)
        at = out.find(b"ispe", at + 4)
    return bytes(out)


def gif(frames, delay_cs):
    """An animated GIF of `frames` (lists of rows of colours), `delay_cs` hundredths a frame,
    looping. The pixels are written as 3-bit codes with a clear code before the table would grow
    (uncompressed LZW: simple, and any decoder reads it)."""
    palette = [RED, GREEN, BLUE, WHITE]
    out = b"GIF89a" + struct.pack("<HHBBB", WIDTH, HEIGHT, 0xF1, 0, 0) + bytes(c for p in palette for c in p)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for frame in frames:
        out += b"\x21\xF9\x04\x00" + struct.pack("<H", delay_cs) + b"\x00\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, WIDTH, HEIGHT, 0)
        codes, clear, end = [], 4, 5
        indices = [palette.index(p) for row in frame for p in row]
        for i, index in enumerate(indices):
            if i % 2 == 0:
                codes.append(clear)
            codes.append(index)
        codes.append(end)
        bits, count, data = 0, 0, bytearray()
        for code in codes:
            bits |= code << count
            count += 3
            while count >= 8:
                data.append(bits & 0xFF)
                bits >>= 8
                count -= 8
        if count:
            data.append(bits & 0xFF)
        out += b"\x02" + b"".join(bytes([len(data[i:i + 255])]) + bytes(data[i:i + 255]) for i in range(0, len(data), 255)) + b"\x00"
    return out + b"\x3B"


def checkers_png(side=8200, square=512):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = []
    for band in range((side + square - 1) // square):
        row = b"\0" + bytes(230 if (x // square + band) % 2 else 30 for x in range(side))
        rows.append(row * min(square, side - band * square))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


write("quarters.png", png())
write("quarters.bmp", bmp())
write("quarters.ico", ico())
write("quarters-png.ico", png_ico())
write("quarters.tiff", tiff())
write("quarters.svg", svg())
write("/tmp/tessera-quarters.ppm", ppm())
run("cjpeg", "-quality", "95", "-outfile", "quarters.jpg", "/tmp/tessera-quarters.ppm")
run("cwebp", "-quiet", "-q", "95", "quarters.png", "-o", "quarters.webp")
run("cwebp", "-quiet", "-lossless", "quarters.png", "-o", "quarters-lossless.webp")
run("avifenc", "--min", "0", "--max", "10", "quarters.png", "quarters.avif")
run("heif-enc", "-q", "90", "quarters.png", "-o", "quarters.heic")

for orientation in range(1, 9):
    name = "orientation-%d.jpg" % orientation
    write(name, open("quarters.jpg", "rb").read())
    run("exiftool", "-q", "-overwrite_original", "-n", "-Orientation=%d" % orientation, name)

# Wide-gamut pictures: the sRGB colours converted into ProPhoto RGB, the profile embedded.
profiles = "/usr/share/color/icc/colord/"
run("jpgicc", "-o" + profiles + "ProPhotoRGB.icc", "-e", "-q95", "quarters.jpg", "prophoto.jpg")
run("cwebp", "-quiet", "-q", "95", "-metadata", "icc", "prophoto.jpg", "-o", "prophoto.webp")
run("avifenc", "--min", "0", "--max", "10", "prophoto.jpg", "prophoto.avif")
run("heif-enc", "-q", "90", "prophoto.jpg", "-o", "prophoto.heic")
run("jpgicc", "-o" + profiles + "SwappedRedAndGreen.icc", "-e", "-q95", "quarters.jpg", "swapped.jpg")

# Animations: the quarters, then all red, then all blue.
solid = lambda colour: [[colour] * WIDTH for _ in range(HEIGHT)]
write("animated.gif", gif([rows(), solid(RED), solid(BLUE)], 10))
for index, frame in enumerate([rows(), solid(RED), solid(BLUE)]):
    raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in frame)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    write("/tmp/tessera-frame-%d.png" % index, b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
          + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
run("img2webp", "-loop", "0", "-lossless", "-d", "100", "/tmp/tessera-frame-0.png", "/tmp/tessera-frame-1.png",
    "/tmp/tessera-frame-2.png", "-o", "animated.webp")

# Four APP1 segments of XMP, 50 KB each, before the frame, as some cameras write them.
xmp = b"http://ns.adobe.com/xap/1.0/\0" + b"<x:xmpmeta xmlns:x='adobe:ns:meta/'>" + b" " * 50_000 + b"</x:xmpmeta>"
write("checkers-8200.png", checkers_png())
write("metadata.jpg", jpeg_with_segments(open("quarters.jpg", "rb").read(), [(0xE1, xmp)] * 4))

# Headers that claim 50000 x 50000.
vp8x = b"VP8X" + struct.pack("<I", 10) + b"\0\0\0\0" + struct.pack("<I", 49_999)[:3] + struct.pack("<I", 49_999)[:3]
write("webp-bomb.webp", b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x)
write("avif-bomb.avif", patched_ispe(open("quarters.avif", "rb").read(), 50_000))
write("heic-bomb.heic", patched_ispe(open("quarters.heic", "rb").read(), 50_000))
write("tiff-bomb.tiff", tiff(50_000, 50_000, pixels=False))
write("bmp-bomb.bmp", bmp(50_000, 50_000, pixels=False))

# The quarters as WebM clips (VP8 and VP9), five frames a second for a second, bit-exact each run.
for codec, name in [("libvpx", "quarters-vp8.webm"), ("libvpx-vp9", "quarters-vp9.webm")]:
    run("ffmpeg", "-loglevel", "error", "-y", "-loop", "1", "-i", "quarters.png", "-t", "1", "-r", "5",
        "-c:v", codec, "-b:v", "200k", "-pix_fmt", "yuv420p", "-fflags", "+bitexact", "-flags", "+bitexact", name)

# The quarters with sound, as the web's clips mostly come (H.264 and AAC in MP4), ten frames a
# second for two seconds.
run("ffmpeg", "-loglevel", "error", "-y", "-loop", "1", "-i", "quarters.png", "-f", "lavfi",
    "-i", "sine=frequency=440:sample_rate=48000", "-t", "2", "-r", "10", "-c:v", "libx264", "-threads", "1",
    "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "32k", "-movflags", "+faststart",
    "-fflags", "+bitexact", "-flags", "+bitexact", "quarters-tone.mp4")

# A camera's EXIF with a place west of Greenwich (camera.jpg); hostile EXIF: a 60 KB model name
# (exif-oversized.jpg), and an EXIF segment cut in half, its directories pointing past its end (exif-truncated.jpg).
camera_tags = ["-Make=Canon", "-Model=Canon EOS 5D Mark IV", "-LensModel=EF24-70mm f/2.8L II USM",
               "-DateTimeOriginal=2024:05:01 12:34:56", "-ExposureTime=1/250", "-FNumber=2.8", "-ISO=200",
               "-FocalLength=35", "-GPSLatitude=38.7077", "-GPSLatitudeRef=N", "-GPSLongitude=9.1365", "-GPSLongitudeRef=W"]
write("camera.jpg", open("quarters.jpg", "rb").read())
run("exiftool", "-q", "-overwrite_original", *camera_tags, "camera.jpg")
write("exif-oversized.jpg", open("quarters.jpg", "rb").read())
run("exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=" + "M" * 60_000, "exif-oversized.jpg")
camera = open("camera.jpg", "rb").read()
start = camera.index(b"Exif\0\0") - 4
length = struct.unpack(">H", camera[start + 2:start + 4])[0]
exif = camera[start + 4:start + 2 + length]
write("exif-truncated.jpg", camera[:2] + bytes([0xFF, 0xE1]) + struct.pack(">H", len(exif) // 2 + 2) + exif[:len(exif) // 2]
      + camera[start + 2 + length:])
