/** A tiny seeded PRNG (mulberry32) so generated test models are byte-identical from run to run. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Approximately normal(0, 1) via Box–Muller. */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  fillBytes(target: Uint8Array): void {
    for (let i = 0; i < target.length; i++) target[i] = (this.next() * 256) | 0;
  }
}

/** IEEE 754 half-precision bits for a float (round to nearest; small normal values only need to be exact-ish). */
export function toFloat16Bits(value: number): number {
  const f32 = new Float32Array([value]);
  const bits = new Uint32Array(f32.buffer)[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  let mantissa = bits & 0x7fffff;
  if (exponent <= 0) {
    // Subnormal in half precision (or zero).
    if (exponent < -10) return sign;
    mantissa = (mantissa | 0x800000) >> (1 - exponent);
    return sign | ((mantissa + 0x1000) >> 13);
  }
  if (exponent >= 0x1f) return sign | 0x7c00;
  const rounded = (exponent << 10) | ((mantissa + 0x1000) >> 13);
  return sign | Math.min(rounded, 0x7bff);
}
