import { describe, expect, it } from "vitest";
import { KeyedPool } from "../../src/engine/inference/keyedPool";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("KeyedPool", () => {
  it("keeps a key's resource between uses and creates at most `capacity` resources", async () => {
    let created = 0;
    const pool = new KeyedPool(2, () => ({ id: ++created }));
    const a1 = await pool.use("a", async (r, info) => ({ r, info }));
    const b1 = await pool.use("b", async (r, info) => ({ r, info }));
    const a2 = await pool.use("a", async (r, info) => ({ r, info }));
    expect(a1.info.sameKey).toBe(false);
    expect(a2.info.sameKey).toBe(true);
    expect(a2.r).toBe(a1.r);
    expect(b1.r).not.toBe(a1.r);
    expect(created).toBe(2);
  });

  it("evicts the least recently used key when full", async () => {
    const pool = new KeyedPool(2, () => ({}));
    const a = await pool.use("a", async (r) => r);
    await pool.use("b", async (r) => r);
    await pool.use("a", async (r) => r); // b is now least recently used
    const c = await pool.use("c", async (r, info) => ({ r, info }));
    expect(c.info.sameKey).toBe(false);
    expect(c.r).not.toBe(a);
    expect(pool.keys()).toEqual(["c", "a"]);
    const b = await pool.use("b", async (_r, info) => info);
    expect(b.sameKey).toBe(false); // b lost its resource
  });

  it("serializes calls for one key", async () => {
    const pool = new KeyedPool(2, () => ({}));
    const order: string[] = [];
    const first = pool.use("a", async () => {
      order.push("1 start");
      await tick();
      order.push("1 end");
    });
    const second = pool.use("a", async () => {
      order.push("2 start");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["1 start", "1 end", "2 start"]);
  });

  it("never evicts a busy resource: a new key waits until one is free", async () => {
    const pool = new KeyedPool(1, () => ({}));
    let release!: () => void;
    const busy = pool.use("a", () => new Promise<void>((r) => (release = r)));
    let bRan = false;
    const waiting = pool.use("b", async (_r, info) => {
      bRan = true;
      return info;
    });
    await tick();
    expect(bRan).toBe(false);
    release();
    await busy;
    expect((await waiting).sameKey).toBe(false);
    expect(bRan).toBe(true);
  });

  it("keeps working after a failed use", async () => {
    const pool = new KeyedPool(1, () => ({}));
    await expect(pool.use("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await pool.use("a", async (_r, info) => info.sameKey)).toBe(true);
  });
});
