"""Where the emulated Pico's firmware and CircuitPython's mpy-cross come from.

In order: env HANDHELD_UF2 / MPY_CROSS (taken as given); build/device-cache/; the device kit
next to the repo (../shared/device-kit); an official download, verified by SHA-256. Files other
than the env ones are used only when their SHA-256 is one we know: a different firmware would
measure something else.
"""
import hashlib
import os
import shutil
import sys
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(REPO, "build", "device-cache")
KIT = os.path.join(os.path.dirname(REPO), "shared", "device-kit")

# The kit's stock CircuitPython 10.2.1 raspberry_pi_pico build and its mpy-cross (rebuilt byte
# for byte from source, see the kit's README).
KIT_UF2_SHA = "a3885d3eb78e8dfe7196f19cc95b83f7a0a553d4bfcf202159b12955a12d6dd5"
KIT_MPY_SHA = "463b2717728069b319306221fe23f4db8903a4df21efcd3d27a99087e7fc799a"

# Official downloads. The sha256 values are None on purpose: these machines are offline, so the
# official files' hashes could not be checked, and an invented hash would be worse than none.
# download() refuses an unpinned entry; pin it (sha256sum of a download you trust) to enable it.
OFFICIAL = {
    "firmware.uf2": ("https://downloads.circuitpython.org/bin/raspberry_pi_pico/en_US/"
                     "adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2", None),
    "mpy-cross": ("https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/linux-amd64/"
                  "mpy-cross-linux-amd64-10.2.1.static", None),
}

KNOWN = {"firmware.uf2": {KIT_UF2_SHA} | {s for s in [OFFICIAL["firmware.uf2"][1]] if s},
         "mpy-cross": {KIT_MPY_SHA} | {s for s in [OFFICIAL["mpy-cross"][1]] if s}}

# What each known firmware writes to boot_out.txt. With the same text already on the drive,
# CircuitPython neither waits 1 s nor rewrites it (what a Pico does on every boot but its first).
# CRLF line ends, as the firmware writes them. The UID line is what flash.mjs answers.
BOOT_OUT = {
    KIT_UF2_SHA: "Adafruit CircuitPython 10.2.1 on 2026-11-23; Raspberry Pi Pico with rp2040\r\n"
                 "Board ID:raspberry_pi_pico\r\nUID:E6613852432A352B\r\n",
}

ENV = {"firmware.uf2": "HANDHELD_UF2", "mpy-cross": "MPY_CROSS"}


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Unpinned(RuntimeError):
    pass


def download(name, cache=CACHE, official=None):
    """Fetch the official file into the cache, verified. Refuses an entry with no pinned sha256."""
    url, want = (official or OFFICIAL)[name]
    if not want:
        raise Unpinned("%s: the official download %s has no pinned SHA-256 in "
                       "host_sim/device/firmware.py; refusing to use an unverified file" % (name, url))
    os.makedirs(cache, exist_ok=True)
    tmp = os.path.join(cache, name + ".part")
    with urllib.request.urlopen(url, timeout=60) as r, open(tmp, "wb") as f:
        shutil.copyfileobj(r, f)
    got = sha256(tmp)
    if got != want:
        os.remove(tmp)
        raise RuntimeError("%s: SHA-256 %s, expected %s" % (url, got, want))
    dest = os.path.join(cache, name)
    os.replace(tmp, dest)
    if name == "mpy-cross":
        os.chmod(dest, 0o755)
    return dest


def locate(name, env=None, cache=CACHE, kit=KIT, online=True, official=None):
    """-> (path or None, note). name: 'firmware.uf2' or 'mpy-cross'."""
    env = os.environ if env is None else env
    given = env.get(ENV[name])
    if given:
        if os.path.isfile(given):
            return given, "%s from $%s" % (given, ENV[name])
        return None, "$%s=%s does not exist" % (ENV[name], given)
    notes = []
    for where, folder in (("cache", cache), ("device kit", kit)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            if sha256(path) in KNOWN[name]:
                return path, "%s (%s, sha256 verified)" % (path, where)
            notes.append("%s has an unknown SHA-256, not used" % path)
    if online:
        try:
            path = download(name, cache, official)
            return path, "%s (downloaded, sha256 verified)" % path
        except Unpinned as exc:
            notes.append(str(exc))
        except OSError as exc:
            notes.append("download failed: %s" % exc)
    return None, "; ".join(notes) or "no %s found" % name


def boot_out_text(uf2):
    """boot_out.txt as this firmware writes it, or None when unknown (then it boots 1 s slower)."""
    return BOOT_OUT.get(sha256(uf2))


def missing(what, env=None):
    """No firmware: loud and failing on CI, a skip elsewhere. -> exit code."""
    env = os.environ if env is None else env
    msg = ("no %s: set HANDHELD_UF2 / MPY_CROSS, or put the files in %s, or pin the "
           "official download's SHA-256 in host_sim/device/firmware.py" % (what, CACHE))
    if env.get("CI"):
        print("!" * 72 + "\n" + "device: FAILED: " + msg + "\n" + "!" * 72, file=sys.stderr)
        return 1
    print("device: SKIPPED: " + msg)
    return 0
