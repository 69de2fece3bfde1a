/**
 * CPython's `random.Random(seed)` (Mersenne Twister MT19937 with CPython's seeding), as far as the CI
 * framings use it: the corpus's timestamps, fold ids and temp names were drawn by Python, and a framing
 * composed again here must draw the very same numbers for the logs to stay byte-for-byte as committed.
 */
const N = 624;
const M = 397;

export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  /** `random.Random(seed)` for a non-negative integer seed below 2**32 (one key word). */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new Error(`PythonRandom: seed ${seed} is not an integer in [0, 2**32)`);
    this.initByArray([seed]);
  }

  private initGenrand(s: number): void {
    this.mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: number[]): void {
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = this.mt[i - 1]! ^ (this.mt[i - 1]! >>> 30);
      this.mt[i] = ((this.mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        this.mt[0] = this.mt[N - 1]!;
        i = 1;
      }
    }
    this.mt[0] = 0x80000000;
  }

  private twist(): void {
    for (let k = 0; k < N; k++) {
      const y = (this.mt[k]! & 0x80000000) | (this.mt[(k + 1) % N]! & 0x7fffffff);
      this.mt[k] = this.mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    this.index = 0;
  }

  private uint32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `getrandbits(k)`: 32-bit words drawn low word first, as CPython fills them. */
  getrandbits(k: number): bigint {
    if (k <= 32) return k === 0 ? 0n : BigInt(this.uint32() >>> (32 - k));
    let out = 0n;
    for (let shift = 0n, left = k; left > 0; shift += 32n, left -= 32) {
      const word = left < 32 ? this.uint32() >>> (32 - left) : this.uint32();
      out |= BigInt(word) << shift;
    }
    return out;
  }

  /** `random()`: 53 bits from two draws. */
  random(): number {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** `uniform(a, b)`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /** `randint(a, b)`: `_randbelow` by rejection over `bit_length` bits. */
  randint(a: number, b: number): number {
    const n = b - a + 1;
    const k = n.toString(2).length;
    let r = Number(this.getrandbits(k));
    while (r >= n) r = Number(this.getrandbits(k));
    return a + r;
  }
}
