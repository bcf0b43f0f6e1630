import { describe, expect, it } from 'vitest'
import { developmentSealKeys, loadConfig } from '../../../server/config.ts'
import { newSealKey } from '../../../scripts/deploy/seal-key.ts'

const base = { DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32), AUDIT_KEY: 'a'.repeat(32) }

describe('TRIAL_SEAL_KEYS', () => {
  it('is required in production, and outside it is the fixed development key', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/TRIAL_SEAL_KEYS/)
    const development = loadConfig(base).trialSealKeys
    expect(development.map((pair) => pair.kid)).toEqual(['development'])
    // The same on every start: trials sealed before a restart still open.
    expect(loadConfig(base).trialSealKeys).toEqual(development)
    expect(JSON.parse(developmentSealKeys)).toHaveLength(1)
  })

  it('keeps the keys in order, the first current, and serves no private part', async () => {
    const keys = [await newSealKey('2026-11'), await newSealKey('2026-05')]
    const pairs = loadConfig({
      ...base,
      NODE_ENV: 'production',
      TRIAL_SEAL_KEYS: JSON.stringify(keys),
    }).trialSealKeys
    expect(pairs.map((pair) => pair.kid)).toEqual(['2026-11', '2026-05'])
    expect(pairs[0]?.publicKey.jwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: keys[0]?.x,
      y: keys[0]?.y,
    })
  })

  it('refuses a list that is not one: bad JSON, a repeated kid, a point off the curve, none', async () => {
    const key = await newSealKey('k')
    const offCurve = { ...key, y: key.x }
    for (const value of [
      'not json',
      JSON.stringify([key, key]),
      JSON.stringify([offCurve]),
      '[]',
    ]) {
      expect(() => loadConfig({ ...base, TRIAL_SEAL_KEYS: value })).toThrow()
    }
  })
})
