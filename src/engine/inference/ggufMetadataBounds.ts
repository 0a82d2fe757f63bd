/**
 * Walks a GGUF file's metadata section checking only sizes, before node-llama-cpp's parser reads it:
 * that parser trusts every count it meets, so a 125-byte file declaring an array of 2^40 bytes keeps it
 * allocating until the process runs out of memory. Here every string and array must fit in the file
 * (and in a sane metadata size) before a byte of it is read; nothing is decoded or kept.
 */
import type { FileHandle } from "node:fs/promises";

/** Byte size of each scalar value type (GGUF spec: 0 u8 … 12 f64; 8 is string, 9 is array). */
const SCALAR_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;
/** Real models' metadata (tokenizer vocabularies included) is a few MiB; far past that is not a model. */
export const MAX_METADATA_BYTES = 256 * 1024 * 1024;
const CHUNK = 1024 * 1024;

export class GgufBoundsError extends Error {}

/** Reads forward through the file a chunk at a time; `need` fails before anything past the end is asked for. */
class Cursor {
  private buf = Buffer.alloc(0);
  private bufStart = 0;
  constructor(
    private readonly handle: FileHandle,
    private readonly size: number,
    public pos: number,
  ) {}

  private async need(n: number): Promise<void> {
    if (this.pos + n > this.size) throw new GgufBoundsError("metadata runs past the end of the file");
    if (this.pos + n > MAX_METADATA_BYTES) throw new GgufBoundsError("metadata is far larger than any model's");
    if (this.pos >= this.bufStart && this.pos + n <= this.bufStart + this.buf.length) return;
    const length = Math.min(Math.max(n, CHUNK), this.size - this.pos);
    this.buf = Buffer.alloc(length);
    await this.handle.read(this.buf, 0, length, this.pos);
    this.bufStart = this.pos;
  }

  async u32(): Promise<number> {
    await this.need(4);
    const v = this.buf.readUInt32LE(this.pos - this.bufStart);
    this.pos += 4;
    return v;
  }

  async u64(): Promise<bigint> {
    await this.need(8);
    const v = this.buf.readBigUInt64LE(this.pos - this.bufStart);
    this.pos += 8;
    return v;
  }

  /** Moves past `n` bytes that must exist in the file. */
  skip(n: bigint): void {
    const end = BigInt(this.pos) + n;
    if (end > BigInt(this.size)) throw new GgufBoundsError("a value runs past the end of the file");
    if (end > BigInt(MAX_METADATA_BYTES)) throw new GgufBoundsError("metadata is far larger than any model's");
    this.pos = Number(end);
  }
}

async function skipValue(c: Cursor, type: number, depth: number): Promise<void> {
  const scalar = SCALAR_BYTES[type];
  if (scalar !== undefined) return c.skip(BigInt(scalar));
  if (type === STRING) return c.skip(await c.u64());
  if (type !== ARRAY || depth > 2) throw new GgufBoundsError(`unknown metadata value type ${type}`);
  const itemType = await c.u32();
  const count = await c.u64();
  const itemBytes = SCALAR_BYTES[itemType];
  // A scalar array is skipped whole, after its size is checked; strings and nested arrays one by one.
  if (itemBytes !== undefined) return c.skip(count * BigInt(itemBytes));
  for (let i = 0n; i < count; i++) await skipValue(c, itemType, depth + 1);
}

/** Checks that `metadataCount` key/value pairs starting at byte 24 all fit; throws GgufBoundsError otherwise. */
export async function checkMetadataBounds(handle: FileHandle, size: number, metadataCount: bigint): Promise<void> {
  const c = new Cursor(handle, size, 24);
  for (let i = 0n; i < metadataCount; i++) {
    c.skip(await c.u64()); // the key
    await skipValue(c, await c.u32(), 0);
  }
}
