/**
 * pdf.js 5 calls ArrayBuffer.prototype.transferToFixedLength (Node 21+). Node 20 (tests, CLI) lacks it,
 * and without it image extraction silently returns nothing. Installed in the worker thread only;
 * Electron's Node has the real one.
 */
interface TransferableBuffer {
  transferToFixedLength?: (length?: number) => ArrayBuffer;
}

const proto = ArrayBuffer.prototype as unknown as TransferableBuffer;
if (typeof proto.transferToFixedLength !== "function") {
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}
