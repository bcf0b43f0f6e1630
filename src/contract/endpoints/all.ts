import type { Endpoint } from '../endpoint.ts'
import * as audit from './audit.ts'
import * as auth from './auth.ts'
import * as backups from './backups.ts'
import * as catalogue from './catalogue.ts'
import * as catalogueAdmin from './catalogue-admin.ts'
import * as checkIn from './check-in.ts'
import * as content from './content.ts'
import * as contentAdmin from './content-admin.ts'
import * as customers from './customers.ts'
import * as deviceAdmin from './device-admin.ts'
import * as devices from './devices.ts'
import * as health from './health.ts'
import * as reference from './reference.ts'
import * as reports from './reports.ts'
import * as quarantine from './quarantine.ts'
import * as quarantineAdmin from './quarantine-admin.ts'
import * as review from './review.ts'
import * as storeAdmin from './store-admin.ts'
import * as stores from './stores.ts'
import * as trialDecisions from './trial-decisions.ts'
import * as trials from './trials.ts'
import * as users from './users.ts'
import * as vouchers from './vouchers.ts'

/**
 * Every endpoint, by resource: for the server, the OpenAPI document and the tests. The PWA imports
 * single entries from the resource's module instead, so that a screen pulls in no other
 * resource's schemas (a lint rule keeps it so).
 */
export const resources = {
  health,
  auth,
  checkIn,
  users,
  storeAdmin,
  stores,
  reports,
  audit,
  catalogue,
  content,
  contentAdmin,
  catalogueAdmin,
  // Before `trials`: `/questionnaire/decisions` and `/questionnaire/quarantine` are not trials' ids.
  review,
  quarantineAdmin,
  trialDecisions,
  trials,
  vouchers,
  customers,
  devices,
  deviceAdmin,
  quarantine,
  backups,
  reference,
} satisfies Record<string, Record<string, Endpoint>>

const byResource: Record<string, Record<string, Endpoint>> = resources

/** Every endpoint with its name (`operationId` in the document), in the order they are routed. */
export const endpointTable: readonly { name: string; resource: string; entry: Endpoint }[] =
  Object.entries(byResource).flatMap(([resource, entries]) =>
    Object.entries(entries).map(([name, entry]) => ({ name, resource, entry })),
  )

type Resources = typeof resources
/** The name of every endpoint, e.g. `voucherRedeem`. */
export type EndpointName = { [R in keyof Resources]: keyof Resources[R] & string }[keyof Resources]
