"""The zip container of the standings workbook, assembled from pre-compressed pieces.

An xlsx file is a zip of XML parts. xlsxwriter writes each part to a temporary file and hands the files to a
``zipfile.ZipFile``; :class:`Zip` stands in for that class (``xlsxwriter.workbook.ZipFile`` while the workbook
closes, see ``report/xlsx.py``) and writes the same members with one difference: where a worksheet part holds
a marker ``<!--gpcalc:N-->`` (left in the row data by :class:`gpcalc.report.sheetxml.RowStore`), the table rows
of segment N are spliced in *already compressed*.

That works because DEFLATE streams concatenate: each piece is compressed on its own and ended with a
``Z_SYNC_FLUSH`` (a byte-aligned end of block, not the final block), so piece after piece is one valid stream,
closed by an empty final block. The member's CRC-32 is combined from the pieces' CRCs and lengths
(:func:`crc32_combine`, zlib's algorithm), so nothing is decompressed or re-read. This is what lets a warm build
reuse the compressed rows of the previous build (the row store's cache) instead of rendering and deflating
hundreds of megabytes of XML again.

Members are written in the order given, with fixed timestamps (byte-identical output for identical input);
ZIP64 records are added only where a size or offset needs them.
"""

from __future__ import annotations

import os
import re
import struct
import zlib
from collections.abc import Sequence

Piece = tuple[bytes, int, int]  # deflated bytes (sync-flushed, not final), CRC-32 and length of the raw bytes

MARK = re.compile(rb"<!--gpcalc:(\d+)-->")
ZIP64_LIMIT = 0xFFFFFFFF  # sizes and offsets from here on go into ZIP64 extra fields (tests lower it)
READ_WHOLE = 64 * 1024 * 1024  # parts up to this size are scanned for markers; larger ones are streamed
_END = b"\x03\x00"  # an empty final block (fixed Huffman): ends a stream of sync-flushed pieces
_DOS_DATE, _DOS_TIME = (0 << 9) | (1 << 5) | 31, 0  # 31 January 1980, as xlsxwriter dates its parts


def deflate(data: bytes, level: int = 1) -> Piece:
    """One piece: raw DEFLATE, sync-flushed, so that pieces can be concatenated into one stream."""
    co = zlib.compressobj(level, zlib.DEFLATED, -15)
    return co.compress(data) + co.flush(zlib.Z_SYNC_FLUSH), zlib.crc32(data), len(data)


# ---------------------------------------------------------------------------------------------- CRC-32

_POLY = 0xEDB88320
_OPERATORS: list[list[list[int]]] = []  # k → byte tables of the operator "append 2**k zero bytes" (k < 64)


def _times(mat: Sequence[int], vec: int) -> int:
    out, i = 0, 0
    while vec:
        if vec & 1:
            out ^= mat[i]
        vec >>= 1
        i += 1
    return out


def _square(mat: Sequence[int]) -> list[int]:
    return [_times(mat, mat[n]) for n in range(32)]


def _tables(mat: Sequence[int]) -> list[list[int]]:
    """Four 256-entry tables: the operator applied to each byte of a 32-bit value (it is linear)."""
    out = []
    for b in range(4):
        t = [0] * 256
        cols = mat[8 * b: 8 * b + 8]
        for x in range(1, 256):
            low = x & -x
            t[x] = t[x ^ low] ^ cols[low.bit_length() - 1]
        out.append(t)
    return out


def _operators() -> list[list[list[int]]]:
    """The 64 power-of-two operators as byte tables, built once (~20 ms): lengths up to 2⁶⁴ bytes."""
    if not _OPERATORS:
        mat = [_POLY] + [1 << (n - 1) for n in range(1, 32)]  # the operator for one zero bit
        mat = _square(_square(_square(mat)))  # eight zero bits: one zero byte
        for _ in range(64):
            _OPERATORS.append(_tables(mat))
            mat = _square(mat)
    return _OPERATORS


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """CRC-32 of A + B from crc(A), crc(B) and len(B) (zlib's crc32_combine): crc(A) is carried through
    len(B) zero bytes, one precomputed power-of-two operator per set bit of the length."""
    ops = _operators()
    k = 0
    while len2:
        if len2 & 1:
            t = ops[k]
            crc1 = t[0][crc1 & 255] ^ t[1][(crc1 >> 8) & 255] ^ t[2][(crc1 >> 16) & 255] ^ t[3][crc1 >> 24]
        len2 >>= 1
        k += 1
    return crc1 ^ crc2


def join(pieces: Sequence[Piece]) -> tuple[list[bytes], int, int, int]:
    """The pieces as one stream: (chunks to write, CRC-32, raw length, compressed length)."""
    crc, raw, comp = 0, 0, len(_END)
    for data, c, n in pieces:
        crc = crc32_combine(crc, c, n) if raw else c
        raw += n
        comp += len(data)
    return [p[0] for p in pieces] + [_END], crc, raw, comp


# ---------------------------------------------------------------------------------------------- the zip


def _flags(bname: bytes) -> int:
    return 0 if bname.isascii() else 0x800  # bit 11: the name is UTF-8


class Zip:
    """The part of ``zipfile.ZipFile``'s interface xlsxwriter uses (``write``, ``writestr``, ``close``), writing
    DEFLATE members at `level`; worksheet parts with markers get `segments`' pieces spliced in."""

    def __init__(self, filename, mode: str = "w", compression: int = zlib.DEFLATED, allowZip64: bool = True,
                 *, segments: Sequence[Sequence[Piece]] = (), level: int = 1, **_ignored):
        self.fh = open(filename, "wb")  # noqa: SIM115 - closed by close(), as a ZipFile is
        self.compression = zlib.DEFLATED  # (read by xlsxwriter's in-memory packaging; every member is deflated)
        self.segments = segments
        self.level = level
        self.entries: list[tuple[bytes, int, int, int, int]] = []  # name, crc, raw, comp, offset

    def __enter__(self) -> Zip:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def write(self, filename, arcname: str | None = None) -> None:
        name = arcname or os.path.basename(filename)
        if os.path.getsize(filename) > READ_WHOLE:
            self._stream(filename, name)
            return
        with open(filename, "rb") as fh:
            self.writestr(name, fh.read())

    def writestr(self, zinfo_or_name, data: bytes | str) -> None:
        name = getattr(zinfo_or_name, "filename", zinfo_or_name)
        if isinstance(data, str):
            data = data.encode("utf-8")
        pieces: list[Piece] = []
        pos = 0
        for m in MARK.finditer(data):
            if m.start() > pos:
                pieces.append(deflate(data[pos:m.start()], self.level))
            pieces.extend(self.segments[int(m.group(1))])
            pos = m.end()
        if pos < len(data) or not pieces:
            pieces.append(deflate(data[pos:], self.level))
        chunks, crc, raw, comp = join(pieces)
        self._member(name, chunks, crc, raw, comp)

    def _stream(self, filename, name: str) -> None:
        co = zlib.compressobj(self.level, zlib.DEFLATED, -15)
        chunks, crc, raw = [], 0, 0
        with open(filename, "rb") as fh:
            while block := fh.read(1 << 22):
                chunks.append(co.compress(block))
                crc = zlib.crc32(block, crc)
                raw += len(block)
        chunks.append(co.flush())
        self._member(name, chunks, crc, raw, sum(map(len, chunks)))

    def _member(self, name: str, chunks: list[bytes], crc: int, raw: int, comp: int) -> None:
        bname = name.encode("utf-8")
        offset = self.fh.tell()
        big = raw >= ZIP64_LIMIT or comp >= ZIP64_LIMIT
        extra = struct.pack("<HHQQ", 1, 16, raw, comp) if big else b""
        self.fh.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 45 if big else 20, _flags(bname), 8, _DOS_TIME, _DOS_DATE,
                                  crc, 0xFFFFFFFF if big else comp, 0xFFFFFFFF if big else raw, len(bname),
                                  len(extra)))
        self.fh.write(bname + extra)
        for c in chunks:
            self.fh.write(c)
        self.entries.append((bname, crc, raw, comp, offset))

    def close(self) -> None:
        if self.fh.closed:
            return
        start = self.fh.tell()
        for bname, crc, raw, comp, offset in self.entries:
            big, far = raw >= ZIP64_LIMIT or comp >= ZIP64_LIMIT, offset >= ZIP64_LIMIT
            wide = ([raw, comp] if big else []) + ([offset] if far else [])  # as the local header: both sizes
            extra = struct.pack(f"<HH{len(wide)}Q", 1, 8 * len(wide), *wide) if wide else b""
            version = 45 if wide else 20
            self.fh.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, (3 << 8) | version, version,
                                      _flags(bname), 8, _DOS_TIME, _DOS_DATE, crc,
                                      0xFFFFFFFF if big else comp, 0xFFFFFFFF if big else raw, len(bname),
                                      len(extra), 0, 0, 0, 0o100644 << 16, 0xFFFFFFFF if far else offset))
            self.fh.write(bname + extra)
        end = self.fh.tell()
        size, count = end - start, len(self.entries)
        if start >= ZIP64_LIMIT or size >= ZIP64_LIMIT or count >= 0xFFFF:
            self.fh.write(struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count, size, start))
            self.fh.write(struct.pack("<IIQI", 0x07064B50, 0, end, 1))
            self.fh.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0))
        else:
            self.fh.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, size, start, 0))
        self.fh.close()
