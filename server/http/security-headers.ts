import { secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config.ts'

/** The origin of an absolute asset location (a CDN), which pages and the worker may load from. */
function assetOrigins(assetBaseUrl: string): string[] {
  if (!/^https?:\/\//i.test(assetBaseUrl)) return []
  return [new URL(assetBaseUrl).origin]
}

/**
 * Hono's secure headers, no referrer, a strict Content-Security-Policy for the PWA, and a
 * Permissions-Policy that gives no page the tablet's camera, microphone, location, payments or
 * devices: the app uses none of them. It keeps the passkey (WebAuthn, docs/security.md) to this
 * origin. Pack images come from the app's own `/media/` unless `assetBaseUrl` puts them on another
 * origin, which is then allowed for images and for the service worker's fetches that cache them.
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
    permissionsPolicy: {
      accelerometer: false,
      autoplay: false,
      browsingTopics: false,
      camera: false,
      displayCapture: false,
      encryptedMedia: false,
      fullscreen: false,
      geolocation: false,
      gyroscope: false,
      hid: false,
      identityCredentialsGet: false,
      idleDetection: false,
      localFonts: false,
      magnetometer: false,
      microphone: false,
      midi: false,
      otpCredentials: false,
      payment: false,
      pictureInPicture: false,
      // Unlocking with a passkey (src/features/auth/passkey.ts); its creation is this origin's
      // by default.
      publickeyCredentialsGet: ['self'],
      screenWakeLock: false,
      serial: false,
      usb: false,
      xrSpatialTracking: false,
    },
  })
}
