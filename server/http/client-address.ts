import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The address the request came from (the TCP peer; a proxy's X-Forwarded-For is not trusted). */
export function clientAddress(c: Context): string {
  return getConnInfo(c).remote.address ?? 'unknown'
}
