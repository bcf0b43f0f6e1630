import type { Context } from 'hono'
import { stream } from 'hono/streaming'
import { dashboard as dashboardEndpoint, reportGenerate } from '#contract/endpoints/reports.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes, Input } from '../../http/route.ts'
import { logEvent } from '../../log.ts'
import { audit } from '../../audit/log.ts'
import { translate } from '../../i18n.ts'
import { dashboard } from './dashboard.ts'
import { reportFormats } from './formats.ts'
import { reportSources } from './sources.ts'
import type { Translate } from '#contract/trial-reading.ts'

/**
 * `POST /report/generate` `{ type, format, startAt, endAt }` answers the file itself, a header row
 * and one row per record, written to the response as the database is read in batches, so that a
 * long range never sits in memory: `csv` is UTF-8 with a byte order mark, `xlsx` an Office Open XML
 * workbook; headers and words in cells are in the request's `Language`. `GET /report/dashboard`
 * answers the dashboard's figures. Super users and admins only.
 */
export function reportRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock, config, logger } = deps

  async function generate(c: Context<UserEnv>, { body: range }: Input<typeof reportGenerate>) {
    const source = reportSources[range.type]
    const format = reportFormats[range.format]
    const filename = `${range.type}-${range.startAt}-${range.endAt}.${format.extension}`
    logEvent(c, 'report.generated', { by: c.var.user.id, type: range.type, format: range.format })
    // Recorded before the first byte: an export cut short was still an export.
    await db.transaction((tx) =>
      audit(c, deps, tx, {
        action: 'report.export',
        target: `report:${range.type}`,
        detail: `${range.startAt}..${range.endAt} ${range.format}`,
      }),
    )
    c.header('Content-Type', format.contentType)
    c.header('Content-Disposition', `attachment; filename="${filename}"`)
    const locale = c.get('locale')
    const t: Translate = (message, values) => translate(locale, message.id, values)
    const context = { db, range, timeZone: config.timeZone, now: clock(), t, locale }
    const columns = source.header.map((heading) => heading.column)
    const header = source.header.map((heading) => t(heading.label))
    return stream(
      c,
      async (out) => {
        for await (const chunk of format.write(columns, header, source.rows(context))) {
          if (out.aborted) return
          await out.write(chunk)
        }
      },
      (error) => {
        // The header is sent already: the file is cut short, and the failure logged.
        logger.error(
          { err: error, requestId: c.var.requestId, report: range.type },
          'report failed',
        )
        return Promise.resolve()
      },
    )
  }

  routes
    .signedIn(reportGenerate, generate)
    .signedIn(dashboardEndpoint, async (c, { query }) =>
      ok(c, await dashboard(db, query, config.timeZone)),
    )
}
