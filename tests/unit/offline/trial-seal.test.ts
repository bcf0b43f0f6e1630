import { expect, it } from 'vitest'
import * as v from 'valibot'
import {
  importSealKey,
  openSealed,
  sealedSchema,
  sealToServer,
} from '../../../src/contract/trial-seal.ts'

const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const
const contact = { email: 'ana@example.com', phone: '+38267111222' }

async function serverKeys() {
  const pair = await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])
  const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  return { privateKey: pair.privateKey, publicKey: await importSealKey(publicJwk) }
}

it('the device seals a contact that only the server opens, for the same trial', async () => {
  const server = await serverKeys()
  const sealed = await sealToServer(server.publicKey, 'trial-1', contact)
  expect(v.is(sealedSchema, sealed)).toBe(true)
  expect(JSON.stringify(sealed)).not.toContain('example.com')
  expect(JSON.stringify(sealed)).not.toContain('111222')
  expect(await openSealed(server.privateKey, 'trial-1', sealed)).toEqual(contact)
})

it('a sealed contact altered, moved to another trial or opened with another key is refused', async () => {
  const server = await serverKeys()
  const other = await serverKeys()
  const sealed = await sealToServer(server.publicKey, 'trial-1', contact)
  const flipped = sealed.ciphertext.startsWith('A') ? 'B' : 'A'
  const altered = { ...sealed, ciphertext: flipped + sealed.ciphertext.slice(1) }
  await expect(openSealed(server.privateKey, 'trial-1', altered)).rejects.toThrow()
  await expect(openSealed(server.privateKey, 'trial-2', sealed)).rejects.toThrow()
  await expect(openSealed(other.privateKey, 'trial-1', sealed)).rejects.toThrow()
})
