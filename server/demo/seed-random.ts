/** Deterministic helpers for the demo data generators: a seeded PRNG, codes and digits. */

/** Mixes numbers into one 32-bit seed (murmur3's finaliser over each). */
export function hashOf(...values: number[]): number {
  let hash = 0x9e3779b9
  for (const value of values) {
    let k = Math.imul(value | 0, 0xcc9e2d51)
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
    hash = Math.imul(((hash ^ k) << 13) | ((hash ^ k) >>> 19), 5) + 0xe6546b64
  }
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}

export type Random = {
  /** In [0, 1). */
  next: () => number
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
}

/** mulberry32, seeded: the same seed gives the same numbers on every machine. */
export function randomFrom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    chance: (probability) => next() < probability,
  }
}

/** 32 letters and digits that cannot be mistaken for one another (no 0, O, 1, I). */
const codeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/**
 * Six characters for `number`, different for every number below 2^30: an odd multiplier modulo
 * 2^30 is a bijection, so codes look random yet never repeat.
 */
export function codeOf(number: number, multiplier: number): string {
  let value = Number((BigInt(number) * BigInt(multiplier)) % 1073741824n)
  let code = ''
  for (let index = 0; index < 6; index += 1) {
    code = (codeAlphabet[value % 32] ?? '2') + code
    value = Math.floor(value / 32)
  }
  return code
}

/**
 * `n` digits of `number`, mixed by a multiplier prime to 10 and an offset: distinct for distinct
 * numbers below 10^n.
 */
export function digitsOf(number: number, multiplier: number, n: number, offset = 0): string {
  const modulus = 10n ** BigInt(n)
  return String((BigInt(number) * BigInt(multiplier) + BigInt(offset)) % modulus).padStart(n, '0')
}

/** ASCII for an email address: č ć → c, š → s, ž → z, đ → dj. */
export function asciiOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[čć]/g, 'c')
    .replace(/š/g, 's')
    .replace(/ž/g, 'z')
    .replace(/đ/g, 'dj')
}

export const dayMs = 24 * 60 * 60 * 1000
