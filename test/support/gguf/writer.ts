/**
 * A minimal GGUF v3 writer: header, metadata key/value pairs, tensor infos, alignment padding, tensor data.
 * Tensor data is streamed to disk so models with real 1B dimensions never sit in memory at once.
 */
import { closeSync, openSync, writeSync } from "node:fs";

export enum GgmlType {
  F32 = 0,
  F16 = 1,
  Q8_0 = 8,
  Q4_K = 12,
}

/** Elements per block and bytes per block of each supported tensor type. */
const BLOCK: Record<GgmlType, { elements: number; bytes: number }> = {
  [GgmlType.F32]: { elements: 1, bytes: 4 },
  [GgmlType.F16]: { elements: 1, bytes: 2 },
  [GgmlType.Q8_0]: { elements: 32, bytes: 34 },
  [GgmlType.Q4_K]: { elements: 256, bytes: 144 },
};

export type GgufMetadataValue =
  | { type: "u32"; value: number }
  | { type: "i32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "string[]"; value: readonly string[] }
  | { type: "f32[]"; value: ArrayLike<number> }
  | { type: "i32[]"; value: ArrayLike<number> };

export interface GgufTensor {
  name: string;
  /** Dimensions with the row length first, as GGUF stores them. */
  dims: readonly number[];
  type: GgmlType;
  /** Writes exactly tensorByteLength(dims, type) bytes through `write`. */
  fill(write: (chunk: Uint8Array) => void): void;
}

export interface GgufFile {
  metadata: ReadonlyArray<readonly [string, GgufMetadataValue]>;
  tensors: readonly GgufTensor[];
  alignment?: number;
}

// GGUF value type ids.
const T_U32 = 4;
const T_I32 = 5;
const T_F32 = 6;
const T_BOOL = 7;
const T_STRING = 8;
const T_ARRAY = 9;

export function tensorByteLength(dims: readonly number[], type: GgmlType): number {
  const elements = dims.reduce((a, b) => a * b, 1);
  const block = BLOCK[type];
  if (dims[0]! % block.elements !== 0) {
    throw new Error(`row length ${dims[0]} is not a multiple of the ${GgmlType[type]} block size ${block.elements}`);
  }
  return (elements / block.elements) * block.bytes;
}

/** Accumulates little-endian header bytes. */
class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;

  push(buf: Buffer): void {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v >>> 0);
    this.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v | 0);
    this.push(b);
  }
  u64(v: number | bigint): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  string(s: string): void {
    const bytes = Buffer.from(s, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeValue(sink: ByteSink, value: GgufMetadataValue): void {
  switch (value.type) {
    case "u32":
      sink.u32(T_U32);
      sink.u32(value.value);
      return;
    case "i32":
      sink.u32(T_I32);
      sink.i32(value.value);
      return;
    case "f32":
      sink.u32(T_F32);
      sink.f32(value.value);
      return;
    case "bool":
      sink.u32(T_BOOL);
      sink.push(Buffer.from([value.value ? 1 : 0]));
      return;
    case "string":
      sink.u32(T_STRING);
      sink.string(value.value);
      return;
    case "string[]":
      sink.u32(T_ARRAY);
      sink.u32(T_STRING);
      sink.u64(value.value.length);
      for (const s of value.value) sink.string(s);
      return;
    case "f32[]": {
      sink.u32(T_ARRAY);
      sink.u32(T_F32);
      sink.u64(value.value.length);
      const b = Buffer.alloc(value.value.length * 4);
      for (let i = 0; i < value.value.length; i++) b.writeFloatLE(value.value[i]!, i * 4);
      sink.push(b);
      return;
    }
    case "i32[]": {
      sink.u32(T_ARRAY);
      sink.u32(T_I32);
      sink.u64(value.value.length);
      const b = Buffer.alloc(value.value.length * 4);
      for (let i = 0; i < value.value.length; i++) b.writeInt32LE(value.value[i]!, i * 4);
      sink.push(b);
      return;
    }
  }
}

const alignUp = (n: number, alignment: number) => Math.ceil(n / alignment) * alignment;

/** Writes a complete GGUF v3 file and returns its size in bytes. */
export function writeGguf(path: string, file: GgufFile): number {
  const alignment = file.alignment ?? 32;
  const header = new ByteSink();
  header.push(Buffer.from("GGUF", "ascii"));
  header.u32(3);
  header.u64(file.tensors.length);
  header.u64(file.metadata.length);
  for (const [key, value] of file.metadata) {
    header.string(key);
    writeValue(header, value);
  }

  const sizes = file.tensors.map((t) => tensorByteLength(t.dims, t.type));
  let offset = 0;
  for (const [i, tensor] of file.tensors.entries()) {
    header.string(tensor.name);
    header.u32(tensor.dims.length);
    for (const d of tensor.dims) header.u64(d);
    header.u32(tensor.type);
    header.u64(offset);
    offset = alignUp(offset + sizes[i]!, alignment);
  }

  const fd = openSync(path, "w");
  let written = 0;
  const write = (chunk: Uint8Array) => {
    let done = 0;
    while (done < chunk.length) done += writeSync(fd, chunk, done, chunk.length - done);
    written += chunk.length;
  };
  try {
    write(header.bytes());
    write(new Uint8Array(alignUp(written, alignment) - written));
    const dataStart = written;
    for (const [i, tensor] of file.tensors.entries()) {
      const before = written;
      tensor.fill(write);
      if (written - before !== sizes[i]) {
        throw new Error(`tensor ${tensor.name} wrote ${written - before} bytes, expected ${sizes[i]}`);
      }
      const relative = written - dataStart;
      write(new Uint8Array(alignUp(relative, alignment) - relative));
    }
  } finally {
    closeSync(fd);
  }
  return written;
}
