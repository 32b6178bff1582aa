// Preloaded by the benchmark (`node -r`) into the WASM command line: notes every WebAssembly
// memory the program creates and, when the process exits, writes the size of the largest one
// in bytes to the file named by PIECEWISE_WASM_HEAP_FILE. A WASM heap only ever grows, so its
// size at exit is its peak: what the same search would need in the browser.
'use strict';
const { writeFileSync } = require('node:fs');

const memories = [];
const note = (instance) => {
  for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) memories.push(value);
  return instance;
};
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function Instance(module, imports) {
  return note(new OriginalInstance(module, imports));
};
WebAssembly.Instance.prototype = OriginalInstance.prototype;
const originalInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const result = await originalInstantiate(...args);
  note(result instanceof OriginalInstance ? result : result.instance);
  return result;
};
process.on('exit', () => {
  const file = process.env.PIECEWISE_WASM_HEAP_FILE;
  if (file) writeFileSync(file, String(Math.max(0, ...memories.map((m) => m.buffer.byteLength))));
});
