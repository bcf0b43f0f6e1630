import { statusSchema } from '../http.ts'
import { messages } from '../messages.ts'
import { everyone } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// Roles (docs/behaviour.md#roles-and-access): the routes "except the public ones" need a signed-in
// user; the health check is public.
export const health = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'The process serves and its database answers.',
  policy: { allow: everyone },
  answer: statusSchema,
  withoutAppHeader: true,
})

/** A liveness probe: the process serves requests (the database is not asked). */
export const liveness = endpoint({
  method: 'GET',
  path: '/health/live',
  summary: 'The process serves requests (a liveness probe; the database is not asked).',
  policy: { allow: everyone },
  answer: statusSchema,
})

/**
 * A load balancer's readiness check: started (database migrated), not draining for a shutdown,
 * its writes not failing for want of room (a full disk), and its database answering; otherwise
 * 503, read as "route elsewhere".
 */
export const readiness = endpoint({
  method: 'GET',
  path: '/ready',
  summary:
    'This process should get requests: started, not draining, its writes not failing for a full disk, its database answering.',
  policy: { allow: everyone },
  answer: statusSchema,
  errors: { 503: [messages.notReady, messages.diskFull] },
  withoutAppHeader: true,
})
