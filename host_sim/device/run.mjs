#!/usr/bin/env node
// One run of the emulated handheld: boot the firmware with a CIRCUITPY image, play a key script
// in emulated time, write OUT/console.txt, OUT/result.json and OUT/<shot>.png.
//   node run.mjs --uf2 FW.uf2 --image drive.img --keys "idle:300 A shot:games" --out DIR [--wall-limit S]
// Key script words (the kit's syntax): UP DOWN LEFT RIGHT A B START SELECT (press 80 ms, then a
// 120 ms gap), NAME*3, NAME:1500 (hold), wait:MS, idle:MS, text:STR, shot:NAME, mark:NAME, and
// reset (reboot keeping the flash: saves and the drive survive, as on a real power cycle).
import { parseArgs } from 'node:util';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { Board, BUTTONS } from './board.mjs';
import { loadUF2 } from './flash.mjs';

const DRIVE_OFFSET = 0x100000; // CIRCUITPY: after 1020 KB firmware + 4 KB NVM
const HOLD_MS = 80, GAP_MS = 120;

export function parseScript(text) {
  const steps = [];
  for (const word of text.replace(/#[^\n]*/g, '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^([A-Za-z]+)(?:\*(\d+))?(?::(.*))?$/.exec(word);
    if (!m) throw new Error(`bad key-script word ${word}`);
    const op = m[1].toUpperCase(), arg = m[3];
    if (BUTTONS.includes(op)) steps.push({ op: 'press', name: op, hold: arg ? +arg : HOLD_MS, count: m[2] ? +m[2] : 1 });
    else if (['WAIT', 'IDLE'].includes(op)) steps.push({ op: op.toLowerCase(), ms: +(arg || 200) });
    else if (['TEXT', 'SHOT', 'MARK'].includes(op) && arg) steps.push({ op: op.toLowerCase(), arg });
    else if (op === 'RESET') steps.push({ op: 'reset' });
    else throw new Error(`unknown key-script word ${word}`);
  }
  return steps;
}

function png(path, bits, scale = 4) { // 8-bit grey PNG of the 128x64 picture, scaled
  const w = 128 * scale, h = 64 * scale, raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = bits[((y / scale) | 0) * 128 + ((x / scale) | 0)] ? 230 : 16;
  const crcT = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const chunk = (type, data) => {
    const td = Buffer.concat([Buffer.from(type), data]);
    let c = 0xffffffff; for (const b of td) c = crcT[(c ^ b) & 0xff] ^ (c >>> 8);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; // grey
  writeFileSync(path, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

export function run({ uf2, image, keys, out, wallLimitS = 1e9, textMaxMs = 30000 }) {
  const t0 = Date.now();
  mkdirSync(out, { recursive: true });
  const flash = new Uint8Array(16 * 1024 * 1024).fill(0xff);
  loadUF2(uf2, flash);
  flash.set(readFileSync(image), DRIVE_OFFSET);

  let consoleText = '', partial = '', offsetNs = 0, board;
  const lines = []; // console lines with the emulated time they completed
  const onText = (s) => {
    consoleText += s;
    partial += s;
    let i;
    while ((i = partial.indexOf('\n')) >= 0) {
      lines.push({ t_ms: +((offsetNs + board.nanos) / 1e6).toFixed(1), text: partial.slice(0, i).replace(/\r$/, '') });
      partial = partial.slice(i + 1);
    }
  };
  const frames = [], presses = [], shots = [], marks = {}, boots = [0];
  const nowMs = () => +((offsetNs + board.nanos) / 1e6).toFixed(3);
  const collect = () => { for (const f of board.frames) frames.push({ ...f, start_ms: +(f.start_ms + offsetNs / 1e6).toFixed(3), end_ms: +(f.end_ms + offsetNs / 1e6).toFixed(3) }); board.frames = []; };
  board = new Board(flash, onText);

  let stoppedBy = 'script', textFrom = 0;
  const overWall = () => (Date.now() - t0) / 1000 > wallLimitS;
  const progress = () => writeFileSync(join(out, 'progress.txt'), `emulated_ms ${nowMs()} wall_s ${((Date.now() - t0) / 1000).toFixed(0)}\n`);
  for (const st of parseScript(keys || '')) {
    if (overWall()) { stoppedBy = 'wall-limit'; break; }
    progress();
    if (st.op === 'press') {
      for (let i = 0; i < st.count; i++) {
        presses.push({ name: st.name, t_ms: nowMs(), hold_ms: st.hold });
        board.setButton(st.name, true); board.runMs(st.hold);
        board.setButton(st.name, false); board.runMs(GAP_MS);
      }
    } else if (st.op === 'wait') board.runMs(st.ms, overWall);
    else if (st.op === 'idle') { if (!board.runUntilIdle(st.ms)) marks[`idle-timeout@${nowMs()}`] = nowMs(); }
    else if (st.op === 'text') {
      board.runUntil(board.nanos + textMaxMs * 1e6, () => consoleText.indexOf(st.arg, textFrom) >= 0 || overWall());
      const at = consoleText.indexOf(st.arg, textFrom);
      if (at >= 0) textFrom = at + st.arg.length; else marks[`text-missing:${st.arg}`] = nowMs();
    } else if (st.op === 'shot') {
      const bits = board.display.pixels();
      png(join(out, st.arg + '.png'), bits);
      shots.push({ name: st.arg, t_ms: nowMs(), contrast: board.display.contrast, bits: board.display.bitsHex() });
    } else if (st.op === 'mark') marks[st.arg] = nowMs();
    else if (st.op === 'reset') {
      board.closeFrame(); collect();
      const kept = board.mcu.flash.slice(); // flash survives a power cycle
      if (partial) { lines.push({ t_ms: nowMs(), text: partial }); partial = ''; }
      consoleText += '\n[reset]\n';
      lines.push({ t_ms: nowMs(), text: '[reset]' });
      offsetNs += board.nanos;
      board = new Board(kept, onText);
      boots.push(nowMs());
    }
  }
  board.closeFrame(); collect();
  if (partial) lines.push({ t_ms: nowMs(), text: partial });
  const result = {
    stopped_by: stoppedBy, emulated_ms: nowMs(), wall_s: +((Date.now() - t0) / 1000).toFixed(1),
    boots_ms: boots, sleep_ms: +(board.sleepNs / 1e6).toFixed(1), probe: board.probe, flash: board.flashStats,
    first_frame_ms: frames.find((f) => f.data_bytes >= 1024)?.end_ms ?? null, // a full picture
    i2c_bytes: frames.reduce((n, f) => n + f.i2c_bytes, 0),
    heap: lines.map((l) => [l.t_ms, /heap: free=(\d+) scene=(\w+)/.exec(l.text)]).filter(([, m]) => m)
      .map(([t_ms, m]) => ({ t_ms, free: +m[1], scene: m[2] })),
    errors: lines.filter((l) => /MemoryError|Traceback|^error: /.test(l.text)).map((l) => l.text),
    lines, frames, presses, shots, marks,
  };
  writeFileSync(join(out, 'console.txt'), consoleText);
  writeFileSync(join(out, 'result.json'), JSON.stringify(result));
  rmSync(join(out, "progress.txt"), { force: true });
  return result;
}


if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: v } = parseArgs({ options: {
    uf2: { type: 'string' }, image: { type: 'string' }, keys: { type: 'string', default: '' },
    'keys-file': { type: 'string' }, out: { type: 'string' }, 'wall-limit': { type: 'string' },
    'text-max-ms': { type: 'string' },
  } });
  const keys = v.keys + (v['keys-file'] ? '\n' + readFileSync(v['keys-file'], 'utf8') : '');
  const r = run({ uf2: v.uf2, image: v.image, keys, out: v.out, wallLimitS: v['wall-limit'] ? +v['wall-limit'] : 1e9,
    textMaxMs: v['text-max-ms'] ? +v['text-max-ms'] : 30000 });
  process.stdout.write(JSON.stringify({ stopped_by: r.stopped_by, emulated_ms: r.emulated_ms, wall_s: r.wall_s, frames: r.frames.length, lines: r.lines.length }) + '\n');
  process.exit(r.stopped_by === 'wall-limit' ? 3 : 0);
}
