// The display side: the RP2040 I2C block talking to an SH1106 (with bus timing, so the
// firmware's blocking writes take as long as on a real 400 kHz bus), plus a bit-level target on
// the same pins for CircuitPython's bit-banged 0-byte probe (busio.I2C's constructor probes the
// bus that way and gives up if nobody ACKs).
import { I2CMode } from 'rp2040js';

const COLS = 132;
const ARG_CMDS = new Set([0x81, 0xa8, 0xad, 0xd3, 0xd5, 0xd9, 0xda, 0xdb]); // take one argument

export class SH1106 {
  constructor(colstart = 2) {
    this.colstart = colstart;
    this.ram = new Uint8Array(8 * COLS); // a real panel starts with noise; zeros are easier to compare
    this.page = 0; this.col = 0; this.startLine = 0;
    this.on = false; this.inverse = false; this.allOn = false; this.remap = false; this.comRev = false;
    this.arg = null; this.control = true; this.stream = false; this.dc = 0;
    this.dataBytes = 0;
    this.contrast = 0x80;
  }
  start() { this.control = true; this.stream = false; }
  stop() { this.control = true; }
  write(v) {
    if (this.control) { // control byte: Co (one byte then control again) and D/C
      this.dc = v & 0x40 ? 1 : 0;
      this.stream = !(v & 0x80);
      this.control = false;
      return;
    }
    if (this.dc) {
      this.dataBytes++;
      if (this.col < COLS) this.ram[this.page * COLS + this.col] = v;
      if (this.col < COLS) this.col++;
    } else this.command(v);
    if (!this.stream) this.control = true;
  }
  command(c) {
    if (this.arg !== null) { if (this.arg === 0x81) this.contrast = c; this.arg = null; return; }
    if (c <= 0x0f) this.col = (this.col & 0xf0) | c;
    else if (c <= 0x1f) this.col = (this.col & 0x0f) | ((c & 0x0f) << 4);
    else if (c >= 0x40 && c <= 0x7f) this.startLine = c & 0x3f;
    else if (c === 0xa0 || c === 0xa1) this.remap = c === 0xa1;
    else if (c === 0xa4 || c === 0xa5) this.allOn = c === 0xa5;
    else if (c === 0xa6 || c === 0xa7) this.inverse = c === 0xa7;
    else if (c === 0xae || c === 0xaf) this.on = c === 0xaf;
    else if (c >= 0xb0 && c <= 0xb7) this.page = c & 7;
    else if (c >= 0xc0 && c <= 0xcf) this.comRev = !!(c & 8);
    else if (ARG_CMDS.has(c)) this.arg = c;
  }
  /** What a viewer sees: 128x64 0/1 row-major (A1 + C8 = an upright standard module). */
  pixels() {
    const out = new Uint8Array(128 * 64);
    for (let y = 0; y < 64; y++) {
      const ry = (y + this.startLine) & 63;
      const yy = this.comRev ? ry : 63 - ry;
      for (let x = 0; x < 128; x++) {
        const xx = this.remap ? x : 127 - x;
        let v = this.allOn ? 1 : (this.ram[(yy >> 3) * COLS + this.colstart + xx] >> (yy & 7)) & 1;
        if (this.inverse) v ^= 1;
        out[y * 128 + x] = this.on ? v : 0;
      }
    }
    return out;
  }
  /** 1024 bytes as hex, MSB first per row: the raw picture Python compares with the host's. */
  bitsHex() {
    const p = this.pixels();
    const b = Buffer.alloc(1024);
    for (let i = 0; i < p.length; i++) if (p[i]) b[i >> 3] |= 0x80 >> (i & 7);
    return b.toString('hex');
  }
}

/** I2C block -> devices. Each START/byte/STOP completes after its bus time (an alarm). */
export function attachI2C(mcu, i2c, devices) {
  const stats = { transactions: 0, bytes: 0, pending: 0 };
  let cur = null;
  const later = (bits, fn) => {
    // DesignWare timing: SCL high = HCNT + SPKLEN + 7, low = LCNT + 1 clk_sys cycles
    const cycles = i2c.sclHighPeriod + (i2c.spikelen ?? 1) + 7 + i2c.sclLowPeriod + 1;
    stats.pending++;
    mcu.clock.createAlarm(() => { stats.pending--; fn(); }).schedule((bits * cycles * 1e9) / (mcu.clkSys || 125e6));
  };
  i2c.onStart = () => later(1, () => i2c.completeStart());
  i2c.onConnect = (address, mode) => {
    stats.transactions++; stats.bytes++;
    cur = devices[address] || null;
    const ack = !!cur && mode === I2CMode.Write;
    if (ack) cur.start(); else cur = null;
    later(9, () => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (v) => { stats.bytes++; if (cur) cur.write(v); later(9, () => i2c.completeWrite(!!cur)); };
  i2c.onReadByte = () => { stats.bytes++; later(9, () => i2c.completeRead(0xff)); };
  i2c.onStop = () => { if (cur) cur.stop(); cur = null; later(1, () => i2c.completeStop()); };
  return stats;
}

/**
 * Open-drain SDA/SCL with pull-ups, and a target that ACKs `addresses`. The firmware pulls a line
 * low by enabling the SIO output (function 5) with value 0 and releases it by disabling it.
 */
export function attachProbe(mcu, sdaPin, sclPin, addresses) {
  const sda = mcu.gpio[sdaPin], scl = mcu.gpio[sclPin];
  const stats = { probes: 0, acks: 0 };
  let ours = true, lastC = true, lastS = true, state = 'idle', bits = 0, byte = 0, inAck = false, sel = false;
  const pulled = (p) => p.outputEnable && !p.outputValue && p.functionSelect === 5;
  const sLine = () => !pulled(sda) && ours;
  const cLine = () => !pulled(scl);
  const sync = () => {
    if (sda.rawInputValue !== sLine()) sda.setInputValue(sLine());
    if (scl.rawInputValue !== cLine()) scl.setInputValue(cLine());
  };
  const update = () => {
    const s = sLine(), c = cLine();
    if (c && lastC && s !== lastS) { // SDA edge with SCL high: START (falling) or STOP (rising)
      if (!s) { state = 'addr'; bits = 0; byte = 0; }
      else { state = 'idle'; sel = false; }
      inAck = false; ours = true;
    } else if (c && !lastC) { // rising SCL: sample a bit
      if (state !== 'idle' && !inAck) { byte = ((byte << 1) | (s ? 1 : 0)) & 0xff; bits++; }
    } else if (!c && lastC) { // falling SCL: ACK slot handling
      if (inAck) {
        inAck = false; ours = true;
        if (state === 'addr') state = sel ? 'data' : 'idle';
      } else if (bits === 8 && state !== 'idle') {
        if (state === 'addr') { stats.probes++; sel = addresses.includes(byte >> 1); if (sel) stats.acks++; }
        bits = 0; byte = 0; inAck = true; ours = !sel;
      }
    }
    lastC = c; lastS = sLine();
    sync();
  };
  sda.addListener(update);
  scl.addListener(update);
  sync();
  return stats;
}
