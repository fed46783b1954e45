/** Bytes of day bitsets kept before the watch gives up (a file of very many days and combinations). */
const MAX_BYTES = 32 * 1024 * 1024;
/** Combinations numbered before the watch gives up. */
export const MAX_WATCHED_COMBINATIONS = 500_000;

/**
 * Whether a file repeats a row: two rows with the same day and dimension combination (one number per combination,
 * as `dimension_sets` keys it), told while the file is read. A re-upload merged in chunks otherwise finds out by
 * grouping all of its staged rows in SQL after the last chunk (1.4 s for a million rows); when the watch saw every
 * row and none repeated, that query is skipped, and when one did, it runs and names the two lines. Memory stays
 * bounded: a bit per combination per day, up to 32 MB, after which the watch gives up (`complete` false) and the
 * query runs as before.
 */
export class RepeatedRowWatch {
  /** True once a row repeated an earlier row's day and combination. */
  repeated = false;
  /** False once the watch gave up: it no longer tells. */
  complete = true;
  private readonly days = new Map<string, Uint8Array>();
  private bytes = 0;
  private lastDate = "";
  private lastBits: Uint8Array | undefined;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** A row of `date` with the combination numbered `combination` (0, 1, 2… in the order first seen). */
  see(date: string, combination: number): void {
    if (!this.complete) return;
    let bits = date === this.lastDate ? this.lastBits : this.days.get(date);
    const byte = combination >>> 3;
    if (bits === undefined || byte >= bits.length) {
      bits = this.grow(date, bits, byte);
      if (bits === undefined) return;
    }
    const mask = 1 << (combination & 7);
    if ((bits[byte] & mask) !== 0) this.repeated = true;
    else bits[byte] |= mask;
    this.lastDate = date;
    this.lastBits = bits;
  }

  giveUp(): void {
    this.complete = false;
    this.days.clear();
    this.lastBits = undefined;
  }

  private grow(date: string, bits: Uint8Array | undefined, byte: number): Uint8Array | undefined {
    const had = bits?.length ?? 0;
    const size = Math.max(byte + 1, had * 2, 16);
    if (this.bytes + size - had > this.maxBytes) {
      this.giveUp();
      return undefined;
    }
    const next = new Uint8Array(size);
    if (bits) next.set(bits);
    this.days.set(date, next);
    this.bytes += size - had;
    return next;
  }
}
