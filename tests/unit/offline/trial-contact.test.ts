import { expect, it } from 'vitest'
import * as v from 'valibot'
import { openTrialContact, sealTrialContact } from '../../../src/contract/trial-contact.ts'
import { trialBodySchema, type TrialBody } from '../../../src/contract/trial.ts'
import { importSealKey } from '../../../src/contract/trial-seal.ts'
import { guidedAnswers, trialBody } from '../../support/trial-body.ts'

const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const
const trialId = '0b9e3f7c-2a41-4d1e-9c55-6f0a8e1d2b3c'

async function server(kid = 'k1') {
  const pair = await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])
  const key = await importSealKey(await crypto.subtle.exportKey('jwk', pair.publicKey))
  const privateKeyOf = (asked: string) => (asked === kid ? pair.privateKey : undefined)
  return { sealing: { kid, key }, privateKeyOf }
}

const frozen: TrialBody = { ...trialBody(3), contract_version: 3 }

it('seals only the contact: the consents and the other answers stay readable', async () => {
  const { sealing } = await server()
  const sealed = await sealTrialContact(frozen, trialId, sealing)
  expect(v.is(trialBodySchema, sealed)).toBe(true)
  const text = JSON.stringify(sealed)
  expect(text).not.toContain('kupac@example.rs')
  expect(text).not.toContain('1112233')
  expect(sealed.comment).toMatchObject({
    email: { privacyPolicy: true, analizeData: true },
    gender: 'female',
  })
  expect(sealed.sealed_contact?.kid).toBe('k1')
})

it('opens back to the trial as it was frozen, whatever case the trial id is sent in', async () => {
  const { sealing, privateKeyOf } = await server()
  const sealed = await sealTrialContact(frozen, trialId.toUpperCase(), sealing)
  expect(await openTrialContact(sealed, trialId, privateKeyOf)).toEqual({ opened: frozen })
})

it('keeps a contact left empty empty', async () => {
  const { sealing, privateKeyOf } = await server()
  const answers = guidedAnswers()
  const body = {
    ...trialBody(3, { ...answers, email: { privacyPolicy: false, analizeData: false } }),
  }
  const sealed = await sealTrialContact(body, trialId, sealing)
  expect(await openTrialContact(sealed, trialId, privateKeyOf)).toEqual({ opened: body })
})

it('refuses another trial id, none, an altered seal and a key it does not have', async () => {
  const { sealing, privateKeyOf } = await server()
  const sealed = await sealTrialContact(frozen, trialId, sealing)
  const contact = sealed.sealed_contact
  if (!contact) throw new Error('not sealed')
  const altered = { ...sealed, sealed_contact: { ...contact, iv: 'AAAAAAAAAAAAAAAA' } }
  const unknown = { ...sealed, sealed_contact: { ...contact, kid: 'k0' } }
  expect(await openTrialContact(sealed, crypto.randomUUID(), privateKeyOf)).toEqual({
    refused: 'broken',
  })
  expect(await openTrialContact(sealed, undefined, privateKeyOf)).toEqual({ refused: 'broken' })
  expect(await openTrialContact(altered, trialId, privateKeyOf)).toEqual({ refused: 'broken' })
  expect(await openTrialContact(unknown, trialId, privateKeyOf)).toEqual({ refused: 'unknownKey' })
})

it('leaves a simple trial and a trial with nothing sealed as they are', async () => {
  const { sealing, privateKeyOf } = await server()
  const simple = trialBody(3, 'Kupac je probao uređaj.')
  expect(await sealTrialContact(simple, trialId, sealing)).toBe(simple)
  expect(await openTrialContact(frozen, undefined, privateKeyOf)).toEqual({ opened: frozen })
})
