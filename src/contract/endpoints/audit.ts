import { auditListSchema, auditQuerySchema, auditVerifySchema } from '../audit.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The audit log: read and verified by super users and admins; nothing in the API changes a row.

export const auditSearch = endpoint({
  method: 'GET',
  path: '/audit/search',
  summary:
    'The audit log, newest first, 20 a page: rows whose actor, target or detail holds the query, of one action, within the days.',
  policy: { allow: administration },
  query: auditQuerySchema,
  answer: auditListSchema,
})

export const auditVerify = endpoint({
  method: 'GET',
  path: '/audit/verify',
  summary:
    "Checks the audit log's HMAC chain: ok, how many rows, and the first position that breaks it.",
  policy: { allow: administration },
  answer: auditVerifySchema,
})
