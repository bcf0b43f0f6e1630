import * as v from 'valibot'
import { apiBasePath } from './contract/http.ts'
import { parseDomainList } from './contract/validators.ts'

/** A whole number (of minutes, of people), at least one, as the build's environment writes it. */
const wholeNumber = v.pipe(v.string(), v.regex(/^[1-9]\d*$/))

const envSchema = v.object({
  VITE_API_BASE: v.optional(v.string(), apiBasePath),
  VITE_ALLOWED_EMAIL_DOMAINS: v.string(),
  VITE_SUPPORT_EMAIL: v.string(),
  VITE_TIME_ZONE: v.string(),
  VITE_APP_VERSION: v.string(),
  VITE_IDLE_LOCK_MINUTES: v.optional(wholeNumber, '5'),
  VITE_IDLE_LOCK_WIZARD_MINUTES: v.optional(wholeNumber, '15'),
  VITE_TABLET_PEOPLE: v.optional(wholeNumber, '6'),
})

const env = v.parse(envSchema, import.meta.env)

/** The PWA's build-time configuration, parsed once; nothing else reads `import.meta.env`. */
export const config = {
  apiBase: env.VITE_API_BASE,
  allowedEmailDomains: parseDomainList(env.VITE_ALLOWED_EMAIL_DOMAINS),
  supportEmail: env.VITE_SUPPORT_EMAIL,
  /** The stores' time zone (the server's TIME_ZONE), in which a report's days are counted. */
  timeZone: env.VITE_TIME_ZONE,
  /** This build's version, `semver+commit` (docs/api.md#the-minimum-app-version): the `App-Version` header. */
  appVersion: env.VITE_APP_VERSION,
  /**
   * Milliseconds without a touch, a key or a scroll after which the app locks: `outside` the trial
   * wizard (`IDLE_LOCK_MINUTES`, 5 unless set) and inside it (`IDLE_LOCK_WIZARD_MINUTES`, 15), where
   * the customer may take a while over a step.
   */
  idleLock: {
    outside: Number(env.VITE_IDLE_LOCK_MINUTES) * 60_000,
    wizard: Number(env.VITE_IDLE_LOCK_WIZARD_MINUTES) * 60_000,
  },
  /**
   * How many people who used this tablet its sign-in page lists, each opened with their own PIN
   * (`TABLET_PEOPLE`, 6 unless set): the most recent first.
   */
  tabletPeople: Number(env.VITE_TABLET_PEOPLE),
}
