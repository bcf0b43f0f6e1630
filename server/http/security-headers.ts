import { secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config.ts'

/** The origin of an absolute asset location (a CDN), which pages and the worker may load from. */
function assetOrigins(assetBaseUrl: string): string[] {
  if (!/^https?:\/\//i.test(assetBaseUrl)) return []
  return [new URL(assetBaseUrl).origin]
}

/**
 * Hono's secure headers, no referrer, and a strict Content-Security-Policy for the PWA. Pack images
 * come from the app's own `/media/` unless `assetBaseUrl` puts them on another origin, which is then
 * allowed for images and for the service worker's fetches that cache them.
 */
export function securityHeaders({ assetBaseUrl }: Pick<Config, 'assetBaseUrl'>) {
  const assets = assetOrigins(assetBaseUrl)
  return secureHeaders({
    referrerPolicy: 'no-referrer',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...assets],
      connectSrc: ["'self'", ...assets],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  })
}
