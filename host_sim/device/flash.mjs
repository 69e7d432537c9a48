// Flash: the UF2 loader and a serial-NOR model behind the RP2040's SSI.
// rp2040js 1.4.1 only changes its flash through XIP writes; the bootrom's flash_range_erase /
// flash_range_program (used by CircuitPython for CIRCUITPY and microcontroller.nvm) instead force
// QSPI chip select low through IO_QSPI and push bytes through SSI DR0. Without this model every
// save would be lost, and a `reset` could not show the resume offer.
import { readFileSync } from 'node:fs';

const XIP_BASE = 0x10000000;

/** Copies every UF2 block payload into `flash` (offsets from 0x10000000). */
export function loadUF2(path, flash) {
  const buf = readFileSync(path);
  let blocks = 0;
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    if (buf.readUInt32LE(off) !== 0x0a324655 || buf.readUInt32LE(off + 4) !== 0x9e5d5157 ||
        buf.readUInt32LE(off + 508) !== 0x0ab16f30) throw new Error(`${path}: bad UF2 block at ${off}`);
    const target = buf.readUInt32LE(off + 12);
    const size = buf.readUInt32LE(off + 16);
    flash.set(buf.subarray(off + 32, off + 32 + size), target - XIP_BASE);
    blocks++;
  }
  return blocks;
}

// The SDK reads the JEDEC ID to size the drive: W25Q16JV = 2 MB -> CIRCUITPY = 1 MiB.
const JEDEC = [0xef, 0x40, 0x15];
const UID = [0xe6, 0x61, 0x38, 0x52, 0x43, 0x2a, 0x35, 0x2b]; // boot_out.txt's UID line
const SIZE = 2 * 1024 * 1024;

export function attachFlash(mcu) {
  const flash = mcu.flash;
  const stats = { erases: 0, programs: 0 };
  let cs = false, cmd = -1, addr = 0, nAddr = 0, dummy = 0, idx = 0, wel = false;
  const rx = [];

  const end = () => {
    if (wel && nAddr === 3) {
      const size = cmd === 0x20 ? 0x1000 : cmd === 0x52 ? 0x8000 : cmd === 0xd8 ? 0x10000 : 0;
      if (size) {
        const a = addr & ~(size - 1) & (SIZE - 1);
        flash.fill(0xff, a, a + size);
        stats.erases++;
      }
      if (cmd === 0x02) stats.programs++;
    }
    if ([0x20, 0x52, 0xd8, 0x02, 0xc7, 0x60].includes(cmd)) wel = false; // chip erase: ignored
    cmd = -1; addr = 0; nAddr = 0; dummy = 0; idx = 0;
  };

  const transfer = (b) => {
    if (cmd < 0) {
      cmd = b;
      if (b === 0x06) wel = true;
      if (b === 0x04) wel = false;
      return 0xff;
    }
    switch (cmd) {
      case 0x05: return wel ? 0x02 : 0; // status 1: never busy
      case 0x35: return 0x02; // status 2: QE
      case 0x9f: return JEDEC[idx++] ?? 0;
      case 0x4b: if (dummy < 4) { dummy++; return 0xff; } return UID[idx++] ?? 0;
      case 0x03: case 0x0b: case 0x02: case 0x20: case 0x52: case 0xd8:
        if (nAddr < 3) { addr = ((addr << 8) | b) >>> 0; nAddr++; return 0xff; }
        if (cmd === 0x0b && dummy < 1) { dummy++; return 0xff; }
        if (cmd === 0x03 || cmd === 0x0b) return flash[addr++ & (SIZE - 1)];
        if (cmd === 0x02 && wel) { // program clears bits, wraps inside the 256-byte page
          flash[((addr & ~0xff) | ((addr + idx++) & 0xff)) & (SIZE - 1)] &= b;
        }
        return 0xff;
      default: return 0xff;
    }
  };

  // IO_QSPI (0x40018000): only GPIO_QSPI_SS_CTRL (0x0c) OUTOVER matters: 2 = chip select low.
  const regs = new Map();
  mcu.peripherals[0x40018] = {
    readUint32: (o) => regs.get(o) ?? 0,
    writeUint32(o, v) {
      regs.set(o, v >>> 0);
      if (o !== 0x0c) return;
      const low = ((v >> 8) & 3) === 2;
      if (low && !cs) { cs = true; rx.length = 0; cmd = -1; addr = 0; nAddr = 0; dummy = 0; idx = 0; }
      else if (!low && cs) { cs = false; end(); }
    },
    writeUint32Atomic(o, v, type) {
      const cur = regs.get(o) ?? 0;
      this.writeUint32(o, type === 1 ? cur ^ v : type === 2 ? cur | v : type === 3 ? cur & ~v : v);
    },
  };

  // SSI (0x18000000): each DR0 write clocks one byte back into the RX FIFO at once.
  const ssi = mcu.peripherals[0x18000];
  const read = ssi.readUint32.bind(ssi);
  const write = ssi.writeUint32.bind(ssi);
  ssi.readUint32 = (o) => {
    if (o === 0x28) return 0x06 | (rx.length ? 0x08 : 0); // SR: TFE|TFNF|RFNE
    if (o === 0x20) return 0; // TXFLR
    if (o === 0x24) return rx.length; // RXFLR
    if (o === 0x60) return rx.length ? rx.shift() : 0;
    return read(o);
  };
  ssi.writeUint32 = (o, v) => {
    if (o === 0x60) { const r = cs ? transfer(v & 0xff) : 0; if (rx.length < 16) rx.push(r); return; }
    if (o === 0x08 && !(v & 1)) rx.length = 0; // SSIENR=0 clears the FIFOs
    write(o, v);
  };
  return stats;
}
