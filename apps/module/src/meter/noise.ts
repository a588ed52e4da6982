/**
 * Stateless, seeded noise. Every random number is a hash of (seed, stream,
 * input, time bucket), so a snapshot depends only on the config and the time
 * asked for: no call-order effects, and the same second always reads the same.
 */

/** Separate streams so that, say, voltage noise is not correlated with current noise. */
export const STREAM = {
  currentNoise: 1,
  currentDrift: 2,
  pfDrift: 3,
  voltageNoise: 4,
  voltageDrift: 5,
  voltageOffset: 6,
  frequencyNoise: 7,
  frequencyDrift: 8,
  motorCycle: 9,
} as const;

const TWO_32 = 2 ** 32;

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes one part in, its low 32 bits and then the bits above them. */
function mixPart(h: number, part: number): number {
  return mix(mix(h, part | 0), Math.floor(part / TWO_32) | 0);
}

/**
 * Uniform in [0, 1). Parts may exceed 32 bits (seconds since 1970 do, in ms). The four parts are
 * mixed one by one, not looped over as an array: the seed and every snapshot call this thousands of
 * times, and the arrays were about 6 % of what a fresh seed allocates (a heap sampling).
 */
export function uniform(seed: number, stream: number, input: number, bucket: number): number {
  const h = mixPart(mixPart(mixPart(mixPart(0x9747b28c, seed), stream), input), bucket);
  return finish(h) / TWO_32;
}

/** Uniform in [-1, 1). */
export function signed(seed: number, stream: number, input: number, bucket: number): number {
  return uniform(seed, stream, input, bucket) * 2 - 1;
}

/** Smooth value noise in [-1, 1] that wanders over `periodMs`; continuous in time. */
export function drift(seed: number, stream: number, input: number, atMs: number, periodMs: number): number {
  const x = atMs / periodMs;
  const k = Math.floor(x);
  const f = x - k;
  const ease = f * f * (3 - 2 * f);
  const a = signed(seed, stream, input, k);
  const b = signed(seed, stream, input, k + 1);
  return a + (b - a) * ease;
}

/** Per-second jitter in [-1, 1): constant within one second so polls in the same second agree. */
export function jitter(seed: number, stream: number, input: number, atMs: number): number {
  return signed(seed, stream, input, Math.floor(atMs / 1000));
}
