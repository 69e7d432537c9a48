"""The CIRCUITPY drive image, in pure Python (CI machines may lack mkfs.fat and mtools).

FAT12 with the Pico's geometry: 1 MiB at flash offset 0x100000, 512-byte sectors, one sector
per cluster (supervisor/internal_flash.c sizes the drive from the W25Q16JV's 2 MB). Long names
get VFAT entries (adafruit_displayio_sh1106.mpy is not 8.3). `read_image` reads one back, for
the tests and for looking at what the firmware wrote.
"""
import os
import struct

SECTOR = 512
SIZE = 1024 * 1024
SECTORS = SIZE // SECTOR
RESERVED, FATS, ROOT_ENTRIES, FAT_SECTORS = 1, 2, 512, 6
ROOT_SECTORS = ROOT_ENTRIES * 32 // SECTOR
DATA_START = RESERVED + FATS * FAT_SECTORS + ROOT_SECTORS
CLUSTERS = SECTORS - DATA_START          # 2003 < 4085: FAT12
DATE = ((2026 - 1980) << 9) | (1 << 5) | 1  # fixed timestamps: the same tree gives the same image
ATTR_DIR, ATTR_ARCHIVE, ATTR_LFN = 0x10, 0x20, 0x0F
SHORT_OK = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$%'-_@~`!(){}^#&")


def _boot_sector(label):
    bpb = struct.pack("<3s8sHBHBHHBHHHIIBBBI11s8s", b"\xEB\x3C\x90", b"MSDOS5.0", SECTOR, 1,
                      RESERVED, FATS, ROOT_ENTRIES, SECTORS, 0xF8, FAT_SECTORS, 32, 2, 0, 0,
                      0x80, 0, 0x29, 0x43505931, label.upper().ljust(11)[:11].encode(),
                      b"FAT12   ")
    return bpb.ljust(510, b"\0") + b"\x55\xAA"


def _short_candidate(name):
    """-> 11-byte 8.3 name when `name` is exactly an upper-case 8.3 name, else None."""
    base, dot, ext = name.rpartition(".") if "." in name else (name, "", "")
    if (not base or len(base) > 8 or len(ext) > 3 or not set(base + ext) <= SHORT_OK
            or name.count(".") > 1):
        return None
    return (base.ljust(8) + ext.ljust(3)).encode()


def _alias(name, taken):
    """A unique BASE~N.EXT alias for a long name."""
    base, _, ext = name.rpartition(".") if "." in name.lstrip(".") else (name, "", "")
    clean = lambda s: "".join(c for c in s.upper() if c in SHORT_OK)
    base, ext = clean(base) or "FILE", clean(ext)[:3]
    for n in range(1, 100000):
        tail = "~%d" % n
        short = (base[:8 - len(tail)] + tail).ljust(8).encode() + ext.ljust(3).encode()
        if short not in taken:
            return short
    raise ValueError("no alias left for " + name)


def _checksum(short):
    s = 0
    for b in short:
        s = (((s & 1) << 7) + (s >> 1) + b) & 0xFF
    return s


def _dir_entries(name, short, attr, cluster, size):
    """Raw 32-byte entries for one file/dir: LFN entries (last part first) then the 8.3 entry."""
    out = []
    if _short_candidate(name) is None:
        units = list(name.encode("utf-16-le"))
        chars = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)]
        parts = [chars[i:i + 13] for i in range(0, len(chars), 13)]
        for seq in range(len(parts), 0, -1):
            part = parts[seq - 1]
            part = part + ([0] if len(part) < 13 else [])
            part = part + [0xFFFF] * (13 - len(part))
            p = struct.pack("<13H", *part)
            out.append(struct.pack("<B10sBBB12sH4s", seq | (0x40 if seq == len(parts) else 0),
                                   p[:10], ATTR_LFN, 0, _checksum(short), p[10:22], 0, p[22:26]))
    out.append(struct.pack("<11sBBBHHHHHHHI", short, attr, 0, 0, 0, DATE, DATE, 0, 0, DATE,
                           cluster, size))
    return out


class _Writer:
    def __init__(self, label):
        self.label = label.upper().ljust(11)[:11].encode()
        self.fat = [0xFF8, 0xFFF] + [0] * CLUSTERS
        self.data = bytearray(CLUSTERS * SECTOR)
        self.next = 2

    def alloc(self, nbytes):
        n = max(1, -(-nbytes // SECTOR))
        first = self.next
        if first + n - 2 > CLUSTERS:
            raise ValueError("the files do not fit on the 1 MiB CIRCUITPY drive")
        for c in range(first, first + n):
            self.fat[c] = c + 1
        self.fat[first + n - 1] = 0xFFF
        self.next += n
        return first

    def put(self, cluster, payload):
        off = (cluster - 2) * SECTOR
        self.data[off:off + len(payload)] = payload

    def directory(self, entries_of, cluster, parent):
        """Fill a directory: entries_of = [(name, path or None for dirs, children or bytes)]."""
        raw = []
        if cluster:  # subdirectory: . and ..
            raw.append(struct.pack("<11sBBBHHHHHHHI", b".          ", ATTR_DIR, 0, 0, 0, DATE, DATE, 0, 0, DATE, cluster, 0))
            raw.append(struct.pack("<11sBBBHHHHHHHI", b"..         ", ATTR_DIR, 0, 0, 0, DATE, DATE, 0, 0, DATE, parent, 0))
        else:  # root: the volume label entry (fsck expects it beside the boot sector's)
            raw.append(struct.pack("<11sBBBHHHHHHHI", self.label, 0x08, 0, 0, 0, 0, 0, 0, 0, DATE, 0, 0))
        taken = set()
        later = []
        for name, content in entries_of:
            short = _short_candidate(name) or _alias(name, taken)
            taken.add(short)
            if isinstance(content, (bytes, bytearray)):
                c = self.alloc(len(content)) if content else 0
                if content:
                    self.put(c, content)
                raw += _dir_entries(name, short, ATTR_ARCHIVE, c, len(content))
            else:
                later.append((name, short, content))
                raw += [None]  # placeholder, filled once the subdirectory has its cluster
        # size the subdirectories before allocating them: entries = 2 + their children's
        subs = []
        for name, short, children in later:
            n = 2 + sum(len(_dir_entries(cn, _short_candidate(cn) or b"X~1        ", 0, 0, 0))
                        for cn, _ in children)
            subs.append((name, short, children, self.alloc(n * 32)))
        fixed = []
        it = iter(subs)
        for e in raw:
            if e is None:
                name, short, _children, c = next(it)
                fixed += _dir_entries(name, short, ATTR_DIR, c, 0)
            else:
                fixed.append(e)
        for _name, _short, children, c in subs:
            self.put(c, self.directory(children, c, cluster))
        return b"".join(fixed)

    def fat_bytes(self):
        out = bytearray(FAT_SECTORS * SECTOR)
        for i in range(0, len(self.fat) - 1, 2):
            a, b = self.fat[i], self.fat[i + 1]
            out[i * 3 // 2:i * 3 // 2 + 3] = bytes([a & 0xFF, ((a >> 8) & 0x0F) | ((b & 0x0F) << 4), b >> 4])
        if len(self.fat) % 2:
            i = len(self.fat) - 1
            a = self.fat[i]
            out[i * 3 // 2:i * 3 // 2 + 2] = bytes([a & 0xFF, (a >> 8) & 0x0F])
        return bytes(out)


def tree_of(folder, extra=None):
    """[(name, bytes | children)] of a folder, sorted, plus `extra` {relpath: bytes} (wins)."""
    root = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        rel = os.path.relpath(dirpath, folder)
        node = root
        if rel != ".":
            for part in rel.split(os.sep):
                node = node.setdefault(part, {})
        for d in dirnames:
            node.setdefault(d, {})
        for fn in sorted(filenames):
            with open(os.path.join(dirpath, fn), "rb") as f:
                node[fn] = f.read()
    for rel, data in (extra or {}).items():
        node = root
        parts = rel.split("/")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = data
    conv = lambda n: [(k, v if isinstance(v, bytes) else conv(v)) for k, v in sorted(n.items())]
    return conv(root)


def build_image(folder, extra=None, label="CIRCUITPY"):
    """-> the 1 MiB image of `folder` plus `extra` files {relpath: bytes}."""
    entries = tree_of(folder, extra) if folder else tree_of_empty(extra)
    w = _Writer(label)
    root = w.directory(entries, 0, 0)
    if len(root) > ROOT_SECTORS * SECTOR:
        raise ValueError("too many entries in the root directory")
    fat = w.fat_bytes()
    img = bytearray(_boot_sector(label))
    for _ in range(FATS):
        img += fat
    img += root.ljust(ROOT_SECTORS * SECTOR, b"\0")
    img += w.data
    assert len(img) == SIZE
    return bytes(img)


def tree_of_empty(extra):
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        return tree_of(d, extra)


# --- reading back ---------------------------------------------------------------------------
def read_image(img):
    """-> {path: bytes} of every file, and {path} of every directory (as 'dir/' keys -> None)."""
    bps, spc, res, nfats, nroot, _tot, _media, spf = struct.unpack_from("<HBHBHHBH", img, 11)
    fat_off = res * bps
    root_off = (res + nfats * spf) * bps
    data_off = root_off + nroot * 32
    csize = bps * spc

    def fat_next(c):
        v = struct.unpack_from("<H", img, fat_off + c * 3 // 2)[0]
        return v >> 4 if c & 1 else v & 0xFFF

    def chain(c, size=None):
        out = bytearray()
        while 2 <= c < 0xFF8:
            out += img[data_off + (c - 2) * csize:data_off + (c - 1) * csize]
            c = fat_next(c)
        return bytes(out if size is None else out[:size])

    files = {}

    def walk(raw, prefix):
        lfn = {}
        for i in range(0, len(raw), 32):
            e = raw[i:i + 32]
            if e[0] == 0:
                break
            if e[0] == 0xE5:
                lfn = {}
                continue
            if e[11] == ATTR_LFN:
                chars = e[1:11] + e[14:26] + e[28:32]
                lfn[e[0] & 0x1F] = chars.decode("utf-16-le").split("\0")[0].rstrip("\uffff")
                continue
            short = e[:8].decode().rstrip() + ("." + e[8:11].decode().rstrip() if e[8:11].strip() else "")
            name = "".join(lfn[k] for k in sorted(lfn)) if lfn else short
            lfn = {}
            if short in (".", "..") or e[11] & 0x08:
                continue
            cluster, size = struct.unpack_from("<H", e, 26)[0], struct.unpack_from("<I", e, 28)[0]
            if e[11] & ATTR_DIR:
                files[prefix + name + "/"] = None
                walk(chain(cluster), prefix + name + "/")
            else:
                files[prefix + name] = chain(cluster, size) if size else b""

    walk(img[root_off:data_off], "")
    return files
