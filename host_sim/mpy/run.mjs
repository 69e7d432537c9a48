// Runs one job in real MicroPython (WebAssembly build from npm) under node.
//
// stdin: JSON {files: {"/lib/handheld/store.py": "...source...", ...},
//              code: "...python..." or steps: ["...", "..."], heapsize: bytes}
// The files go into MicroPython's in-memory filesystem (directories created),
// sys.path mirrors the device ("/" and "/lib"), then the code runs in
// __main__, step by step (globals persist between steps).
// GC: this port cannot scan the wasm stack, so gc.collect() only marks a
// collection as pending and it happens when control returns to JS. The
// runner therefore collects before every step: gc.mem_alloc() at the start
// of a step is the live heap; inside a step nothing is ever freed.
// Exit status: 0 on success (or SystemExit(0)), 1 on an uncaught Python
// exception (its traceback goes to stderr), 2 on a harness failure.
// Host side: host_sim/micropython.py.

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function readStdin() {
  return new Promise((resolve, reject) => {
    const chunks = [];
    process.stdin.on("data", (c) => chunks.push(c));
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", reject);
  });
}

function mkdirs(FS, dir) {
  let path = "";
  for (const part of dir.split("/")) {
    if (!part) continue;
    path += "/" + part;
    try {
      FS.mkdir(path);
    } catch (e) {
      // EEXIST: fine
    }
  }
}

async function main() {
  const job = JSON.parse(await readStdin());
  const out = [];
  const err = [];
  // Byte-wise callbacks (linebuffer off) so a last line without "\n" is kept.
  const mp = await loadMicroPython({
    heapsize: job.heapsize || 256 * 1024,
    linebuffer: false,
    stdout: (b) => out.push(Buffer.from(b)),
    stderr: (b) => err.push(Buffer.from(b)),
  });
  const flush = () => {
    process.stdout.write(Buffer.concat(out));
    process.stderr.write(Buffer.concat(err));
    out.length = 0;
    err.length = 0;
  };
  const files = job.files || {};
  for (const path of Object.keys(files)) {
    if (!path.startsWith("/")) throw new Error("file paths must be absolute: " + path);
    mkdirs(mp.FS, path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, files[path]);
  }
  let status = 0;
  try {
    mp.runPython("import sys\nsys.path[:] = ['', '/', '.frozen', '/lib']\ndel sys\n");
    const steps = job.steps || [job.code || ""];
    for (const step of steps) {
      mp.runPython("import gc\ngc.collect()\n"); // collected on return to JS
      mp.runPython(step);
    }
  } catch (e) {
    if (e && e.name === "PythonError") {
      if (e.type === "SystemExit") {
        const m = /(\d+)\s*$/.exec(String(e.message).trim());
        status = m ? parseInt(m[1], 10) : 0;
      } else {
        const msg = String(e.message);
        err.push(Buffer.from(msg.endsWith("\n") ? msg : msg + "\n"));
        status = 1;
      }
    } else {
      err.push(Buffer.from("harness error: " + (e && e.stack ? e.stack : String(e)) + "\n"));
      status = 2;
    }
  }
  flush();
  return status;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (e) => {
    process.stderr.write("harness error: " + (e && e.stack ? e.stack : String(e)) + "\n");
    process.exitCode = 2;
  },
);
