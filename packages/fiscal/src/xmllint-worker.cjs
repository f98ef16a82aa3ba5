// One long-lived libxml2 (xmllint-wasm) run that compiles a schema once and then validates document after document.
//
// xmllint-wasm's own validateXML() starts a new worker, a new WebAssembly instance and a new schema compilation for
// every call (about 200-300 ms for the NF-e schema). Here xmllint runs once as
//   xmllint --nonet --noout --schema <main.xsd> - - - ... -
// and every "-" (standard input) is one document, handed over by the main thread through a SharedArrayBuffer while
// this thread blocks in Atomics.wait inside the stdin callback. xmllint reports on stderr, line by line, which this
// thread forwards; "- validates", "- fails to validate" or a parser error close a document. A new document starts only
// after the previous one was read to its end and closed, so libxml2's extra reads after end-of-file get end-of-file.
// A parser error is taken as the end of its document (libxml2 stops at a fatal one); validate.ts checks
// well-formedness with its own parser first, so only documents that parser accepts and libxml2 refuses come this way.
//
// Messages to the main thread: { t: 'line', text }, { t: 'need' } (ready for the next document; the previous one is
// done), { t: 'more' } (the current document continues in the next chunk), { t: 'exit', code }.
// Shared control words: [0] sequence number, [1] chunk length, [2] 1 when the chunk is the document's last.
'use strict';

const { parentPort, workerData } = require('node:worker_threads');
const Module = require(workerData.glue);

const control = new Int32Array(workerData.shared, 0, 4);
const data = new Uint8Array(workerData.shared, 16);

let seen = 0;
let pos = 0;
let length = 0;
let last = true;
let delivered = true; // the current document was read to its end (true before the first one: nothing to finish)
let finished = true; // xmllint reported on the current document

function waitFor(kind) {
  parentPort.postMessage({ t: kind });
  Atomics.wait(control, 0, seen);
  seen = Atomics.load(control, 0);
  pos = 0;
  length = Atomics.load(control, 1);
  last = Atomics.load(control, 2) === 1;
}

function stdin() {
  if (delivered && finished) {
    waitFor('need');
    delivered = false;
    finished = false;
  }
  if (delivered) return null;
  while (pos >= length && !last) waitFor('more');
  if (pos < length) return data[pos++];
  delivered = true;
  return null;
}

function printErr(text) {
  parentPort.postMessage({ t: 'line', text });
  if (/^- (validates|fails to validate)$/.test(text) || /^-:\d+: parser error : /.test(text)) {
    finished = true;
    // A fatal parse error may leave the document half read: xmllint moves on, and so do we.
    if (!delivered) delivered = true;
  }
}

Module({
  inputFiles: workerData.files,
  arguments: workerData.args,
  print() {},
  printErr,
  stdin,
  onExit(code) {
    parentPort.postMessage({ t: 'exit', code });
  },
  onAbort(reason) {
    parentPort.postMessage({ t: 'exit', code: -1, reason: String(reason) });
  },
  wasmMemory: new WebAssembly.Memory({ initial: workerData.initialPages, maximum: workerData.maxPages }),
});
