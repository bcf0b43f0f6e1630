import type { BlockList } from 'node:net'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/**
 * The address a request came from, for throttling and the logs: the connection's peer, unless the
 * peer is one of `TRUSTED_PROXIES` (server/config.ts); then the rightmost `X-Forwarded-For` address
 * that is not one of them. Each proxy appends the address it was reached from, so the addresses
 * left of the last untrusted one were written by the client and prove nothing.
 */
export function clientAddress(c: Context, trustedProxies: BlockList): string {
  const peer = getConnInfo(c).remote.address ?? 'unknown'
  return addressBehindProxies(peer, c.req.header('X-Forwarded-For'), trustedProxies)
}

export function addressBehindProxies(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: BlockList,
): string {
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim())
  const chain = [...hops.filter(Boolean), peer]
  let address = peer
  for (const hop of chain.reverse()) {
    address = hop
    // Not an address at all (never one of ours): written by the client.
    if (!trustedProxies.check(hop, hop.includes(':') ? 'ipv6' : 'ipv4')) return hop
  }
  // Every hop is a proxy of ours (a request from the balancer itself): the first one.
  return address
}
