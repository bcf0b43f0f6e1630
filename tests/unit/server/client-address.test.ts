import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config.ts'
import { addressBehindProxies } from '../../../server/http/client-address.ts'

const trusted = (list: string) =>
  loadConfig({ TRUSTED_PROXIES: list, DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32) })
    .trustedProxies

describe('the client address', () => {
  it('is the connection peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(addressBehindProxies('203.0.113.7', '198.51.100.1', trusted(''))).toBe('203.0.113.7')
  })

  it('is the rightmost forwarded address that is not a trusted proxy', () => {
    const proxies = trusted('10.0.0.0/8, 127.0.0.1')
    // The client wrote 198.51.100.1 itself; the balancer (10.0.0.2) saw 203.0.113.7.
    expect(addressBehindProxies('10.0.0.2', '198.51.100.1, 203.0.113.7', proxies)).toBe(
      '203.0.113.7',
    )
    expect(addressBehindProxies('127.0.0.1', '203.0.113.7, 10.1.2.3', proxies)).toBe('203.0.113.7')
    expect(addressBehindProxies('::ffff:127.0.0.1', '2001:db8::5', proxies)).toBe('2001:db8::5')
  })

  it('is not taken from X-Forwarded-For sent by an untrusted peer', () => {
    expect(addressBehindProxies('203.0.113.7', '10.0.0.2', trusted('10.0.0.0/8'))).toBe(
      '203.0.113.7',
    )
  })

  it('is the first hop when every hop is a trusted proxy, and the peer without the header', () => {
    const proxies = trusted('10.0.0.0/8')
    expect(addressBehindProxies('10.0.0.2', '10.0.0.9', proxies)).toBe('10.0.0.9')
    expect(addressBehindProxies('10.0.0.2', undefined, proxies)).toBe('10.0.0.2')
  })

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range', () => {
    for (const list of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/2', 'fd00::/129']) {
      expect(() => trusted(list), list).toThrow(/TRUSTED_PROXIES/)
    }
  })
})
