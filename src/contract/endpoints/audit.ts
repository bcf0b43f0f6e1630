import {
  auditListSchema,
  auditQuerySchema,
  auditVerifyQuerySchema,
  auditVerifySchema,
} from '../audit.ts'
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
    "Checks the audit log's HMAC chain and its sealed head, and that a checkpoint is still in it: ok, how many rows, the first position that breaks it and the breaks recorded.",
  policy: { allow: administration },
  query: auditVerifyQuerySchema,
  answer: auditVerifySchema,
})
