// The emulated handheld: rp2040js RP2040 + bootrom + flash model + SH1106 on I2C0 + buttons +
// USB CDC console, and an execution loop whose emulated time follows the firmware's clk_sys.
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { bootromB1 } from './bootrom.mjs';
import { attachFlash } from './flash.mjs';
import { SH1106, attachI2C, attachProbe } from './display.mjs';

export const BUTTONS = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'A', 'B', 'START', 'SELECT'];
const BUTTON_PINS = [10, 11, 12, 13, 14, 15, 16, 17];
const FRAME_QUIET_MS = 30; // a display refresh = I2C traffic with no gap longer than this

export class Board {
  /** flash: the whole 16 MB flash array to boot from (firmware + NVM + CIRCUITPY). */
  constructor(flash, onText) {
    const mcu = (this.mcu = new RP2040());
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(bootromB1); // resets and erases the flash: copy ours in afterwards
    mcu.flash.set(flash);
    this.flashStats = attachFlash(mcu);
    // rp2040js runs the PIO from setTimeout (host time); we step it from the loop instead
    // (NeoPixel writes would otherwise never finish in emulated time).
    for (const pio of mcu.pio) pio.run = () => {};
    // BOOTSEL senses QSPI CS through its pull-up: high = not pressed.
    Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true });
    for (const p of BUTTON_PINS) mcu.gpio[p].setInputValue(true); // pulled up = released

    // rp2040js 1.4.1 does not clear a peripheral put in reset through RESETS. The pico-sdk's
    // i2c_deinit() only asserts the I2C block's reset, so IC_ENABLE stayed set and the next
    // busio.I2C (after a soft reload) raised "I2C peripheral in use"; a real RP2040 clears the
    // block's registers in reset. RESETS bits 3 and 4 are I2C0 and I2C1.
    const resets = mcu.peripherals[0x4000c];
    const writeResets = resets.writeUint32.bind(resets);
    resets.writeUint32 = (offset, value) => {
      if (offset === 0) {
        mcu.i2c.forEach((i2c, n) => {
          const bit = 1 << (3 + n);
          if (value & bit && !(resets.reset & bit)) {
            i2c.enable = 0;
            i2c.txFIFO.reset();
            i2c.rxFIFO.reset();
          }
        });
      }
      writeResets(offset, value);
    };

    this.display = new SH1106(2);
    this.i2c = attachI2C(mcu, mcu.i2c[0], { 0x3c: this.display });
    this.probe = attachProbe(mcu, 4, 5, [0x3c]);
    this.usbConsole(onText);

    // frames: bursts of display transactions
    this.frames = [];
    this.burst = null;
    this.lastDisplayNs = -1e12;
    const d = this.display, start = d.start.bind(d), stop = d.stop.bind(d);
    d.start = () => {
      start();
      if (!this.burst) this.burst = { ns: this.nanos, bytes: this.i2c.bytes - 1, tx: this.i2c.transactions - 1, data: d.dataBytes };
    };
    d.stop = () => { stop(); this.lastDisplayNs = this.nanos; };

    mcu.core.PC = 0x10000000; // straight into boot2, as rp2040js' demos do
    this.nsPerCycle = 1e9 / mcu.clkSys;
    mcu.addClockListener((f) => { this.nsPerCycle = 1e9 / f; });
    this.sleepNs = 0;
  }

  usbConsole(onText) {
    const cdc = new USBCDC(this.mcu.usbCtrl);
    const dec = new TextDecoder();
    cdc.onSerialData = (buf) => onText(dec.decode(buf, { stream: true }));
    // rp2040js answers every OUT poll at once with an empty packet; tinyusb re-arms at once and
    // the core never sleeps (a real host NAKs until it has data). Keep the poll pending instead.
    const ctrl = this.mcu.usbCtrl;
    const read = ctrl.onEndpointRead;
    let pending = null;
    ctrl.onEndpointRead = (ep, size) => {
      if (ep === cdc.outEndpoint && cdc.txFIFO.empty) { pending = [ep, size]; return; }
      read(ep, size);
    };
    const send = cdc.sendSerialByte.bind(cdc);
    cdc.sendSerialByte = (b) => {
      send(b);
      if (pending) { const [ep, size] = pending; pending = null; read(ep, size); }
    };
    this.cdc = cdc;
  }

  get nanos() { return this.mcu.clock.nanos; }

  setButton(name, down) {
    const i = BUTTONS.indexOf(name);
    if (i < 0) throw new Error(`unknown button ${name}`);
    this.mcu.gpio[BUTTON_PINS[i]].setInputValue(!down);
  }

  closeFrame() {
    const b = this.burst;
    if (!b || this.i2c.pending || this.nanos - this.lastDisplayNs < FRAME_QUIET_MS * 1e6) return;
    this.burst = null;
    this.frames.push({
      start_ms: +(b.ns / 1e6).toFixed(3), end_ms: +(this.lastDisplayNs / 1e6).toFixed(3),
      i2c_bytes: this.i2c.bytes - b.bytes, transactions: this.i2c.transactions - b.tx,
      data_bytes: this.display.dataBytes - b.data,
    });
  }

  /** Runs until emulated `untilNs` or until stop() is true (checked every 2000 instructions). */
  runUntil(untilNs, stop = null) {
    const { core, clock, pio } = this.mcu;
    let n = 0;
    while (clock.nanos < untilNs) {
      if (core.waiting) {
        // ARMv6-M: WFI returns at once while an enabled interrupt is pending (even with
        // PRIMASK set). rp2040js 1.4.1 only wakes on a new one, so CircuitPython's
        // port_idle_until_interrupt could sleep forever in that race.
        if ((core.pendingInterrupts & core.enabledInterrupts) || core.pendingSystick || core.pendingPendSV) {
          core.waiting = false;
          continue;
        }
        const t = clock.nanos;
        const next = clock.nanosToNextAlarm;
        const limit = Math.min(untilNs - t, 1e6);
        clock.tick(next > 0 && next <= limit ? next : limit);
        this.sleepNs += clock.nanos - t;
        this.closeFrame();
        if (stop && stop()) return true;
        continue;
      }
      const c = core.executeInstruction();
      clock.tick(c * this.nsPerCycle);
      // PIO: one instruction per CPU cycle (rp2040js models no clock dividers)
      if (!pio[0].stopped) for (let k = 0; k < c; k++) pio[0].step();
      if (!pio[1].stopped) for (let k = 0; k < c; k++) pio[1].step();
      if (++n >= 2000) {
        n = 0;
        this.closeFrame();
        if (stop && stop()) return true;
      }
    }
    this.closeFrame();
    return false;
  }

  runMs(ms, stop = null) { return this.runUntil(this.nanos + ms * 1e6, stop); }

  /**
   * idle:MS — the display bus quiet for MS and the core asleep >= 20% of those MS (the app loop
   * sleeps between steps; a busy one does not). Gives up after maxMs; returns true when idle.
   */
  runUntilIdle(ms, maxMs = 20000) {
    const win = ms * 1e6;
    const hist = [];
    let nextSample = this.nanos;
    return this.runUntil(this.nanos + maxMs * 1e6, () => {
      const t = this.nanos;
      if (t >= nextSample) {
        hist.push([t, this.sleepNs]);
        nextSample = t + 1e6;
        while (hist.length > 2 && hist[1][0] <= t - win) hist.shift();
      }
      if (hist.length < 2 || t - hist[0][0] < win * 0.95) return false;
      if (t - this.lastDisplayNs < win || this.i2c.pending) return false;
      return (this.sleepNs - hist[0][1]) / (t - hist[0][0]) >= 0.2;
    });
  }
}
