/**
 * Min / max / mean of every value over a bucket. Merging is exact and order-free (min of mins,
 * max of maxes, means weighted by their sample counts), so a minute, an hour or a month are the
 * same fold over smaller buckets, and a rollup can be rebuilt from its children at any time.
 */
import { VALUE_COUNT } from './series.ts';

export interface RollupValues {
  /** seconds (samples) in the bucket */
  n: number;
  min: Float64Array;
  max: Float64Array;
  avg: Float64Array;
}

export class Accumulator {
  n = 0;
  readonly min = new Float64Array(VALUE_COUNT).fill(Infinity);
  readonly max = new Float64Array(VALUE_COUNT).fill(-Infinity);
  private readonly sum = new Float64Array(VALUE_COUNT);
  private readonly weight = new Float64Array(VALUE_COUNT);

  constructor(readonly key: number = 0) {}

  /** One second. NaN (missing) values do not count. */
  addSample(values: ArrayLike<number>): void {
    this.n++;
    for (let i = 0; i < VALUE_COUNT; i++) {
      const v = values[i]!;
      if (!Number.isFinite(v)) continue;
      if (v < this.min[i]!) this.min[i] = v;
      if (v > this.max[i]!) this.max[i] = v;
      this.sum[i]! += v;
      this.weight[i]!++;
    }
  }

  /** A whole child bucket. */
  addRollup(r: RollupValues): void {
    this.n += r.n;
    for (let i = 0; i < VALUE_COUNT; i++) {
      const a = r.avg[i]!;
      if (!Number.isFinite(a)) continue;
      if (r.min[i]! < this.min[i]!) this.min[i] = r.min[i]!;
      if (r.max[i]! > this.max[i]!) this.max[i] = r.max[i]!;
      this.sum[i]! += a * r.n;
      this.weight[i]! += r.n;
    }
  }

  get empty(): boolean {
    return this.n === 0;
  }

  result(): RollupValues {
    const min = new Float64Array(VALUE_COUNT);
    const max = new Float64Array(VALUE_COUNT);
    const avg = new Float64Array(VALUE_COUNT);
    for (let i = 0; i < VALUE_COUNT; i++) {
      const w = this.weight[i]!;
      min[i] = w > 0 ? this.min[i]! : NaN;
      max[i] = w > 0 ? this.max[i]! : NaN;
      avg[i] = w > 0 ? this.sum[i]! / w : NaN;
    }
    return { n: this.n, min, max, avg };
  }
}
