import { dashboardQuerySchema, dashboardSchema, reportRequestSchema } from '../reports.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// Roles (docs/behaviour.md#roles-and-access): administration, super and admin.
export const reportGenerate = endpoint({
  method: 'POST',
  path: '/report/generate',
  summary:
    'A report as a file (CSV with a byte order mark, or an XLSX workbook), in the request language, streamed as the database is read.',
  policy: { allow: administration },
  body: reportRequestSchema,
  answer: {
    file: [
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  },
})

// Roles (docs/behaviour.md#roles-and-access): administration (the dashboard), super and admin.
export const dashboard = endpoint({
  method: 'GET',
  path: '/report/dashboard',
  summary: "The dashboard's figures for a range of days in the stores' time zone.",
  policy: { allow: administration },
  query: dashboardQuerySchema,
  answer: dashboardSchema,
})
