import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { Detail } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { rangeLabel } from '../../contract/trial-labels.ts'
import { wordsIn } from '../../contract/trial-reading.ts'
import { useCurrentEditionWords } from '../../ui/edition-words.ts'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { BarChart } from './bar-chart.tsx'
import { dashboardQueryOptions } from './dashboard-queries.ts'
import styles from './charts.module.css'
import adminStyles from '../../ui/admin/admin.module.css'

/**
 * The admin dashboard: trials per day, store and expert (by capture time), conversion, the delay
 * from capture to arrival, age and gender, sticks.
 */
export function Dashboard({
  startAt,
  endAt,
  onRange,
}: {
  startAt: string
  endAt: string
  onRange: (range: { startAt?: string | undefined; endAt?: string | undefined }) => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const figures = useQuery(dashboardQueryOptions(startAt, endAt))
  /** A delay in the largest unit that keeps it readable (seconds, minutes, hours, days). */
  const delay = (seconds: number) => {
    if (seconds < 120) {
      const count = format.number(seconds)
      return t`${count} s`
    }
    if (seconds < 2 * 3600) {
      const count = format.number(Math.round(seconds / 60))
      return t`${count} min`
    }
    if (seconds < 2 * 86_400) {
      const count = format.number(Math.round(seconds / 3600))
      return t`${count} h`
    }
    const count = format.number(Math.round(seconds / 86_400))
    return t`${count} days`
  }
  // Keys keep their meaning across editions: the bars read them in the words of the one in use.
  const words = wordsIn(i18n._.bind(i18n), useCurrentEditionWords())
  return (
    <>
      <section className={adminStyles.card} aria-labelledby="dashboard-range-heading">
        <h2 id="dashboard-range-heading">
          <Trans>Period</Trans>
        </h2>
        <DateRangeForm
          key={`${startAt}/${endAt}`}
          range={{ startAt, endAt }}
          labelledBy="dashboard-range-heading"
          onApply={onRange}
        />
      </section>
      {figures.isPending ? (
        <p className={adminStyles.loading} role="status">
          <Spinner /> <Trans>Loading…</Trans>
        </p>
      ) : figures.isError ? (
        <div role="alert" className={adminStyles.alert}>
          <p>{figures.error.message}</p>
          <Button variant="secondary" onClick={() => void figures.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <div className={styles.grid}>
          <figure className={styles.chart}>
            <figcaption className={styles.caption}>
              <Trans>Purchase conversion</Trans>
            </figcaption>
            <p className={styles.big}>
              {format.number(Math.round(figures.data.conversion * 1000) / 10)} %
            </p>
          </figure>
          <figure className={styles.chart}>
            <figcaption className={styles.caption}>
              <Trans>From capture to arrival</Trans>
            </figcaption>
            <dl className={adminStyles.details}>
              <Detail label={<Trans>Median delay</Trans>}>
                {delay(figures.data.arrival.medianDelaySeconds)}
              </Detail>
              <Detail label={<Trans>95th percentile</Trans>}>
                {delay(figures.data.arrival.p95DelaySeconds)}
              </Detail>
              <Detail label={<Trans>Arrived more than an hour late</Trans>}>
                {format.number(figures.data.arrival.lateOverHour)}
              </Detail>
            </dl>
          </figure>
          <TrialsChart
            title={t`Trials per day`}
            rows={figures.data.trialsPerDay}
            bar={(row) => ({ key: row.day, label: format.date(row.day) })}
          />
          <TrialsChart
            title={t`Trials per store`}
            rows={figures.data.trialsPerStore}
            bar={(row) => ({ key: String(row.storeId), label: row.name })}
          />
          <TrialsChart
            title={t`Trials per Brand Expert`}
            rows={figures.data.trialsPerExpert}
            bar={(row) => ({ key: String(row.userId), label: row.name })}
          />
          <TrialsChart
            title={t`Age ranges`}
            rows={figures.data.ageRanges}
            bar={(row) => ({ key: row.key, label: rangeLabel(row.key) })}
          />
          <TrialsChart
            title={t`Gender`}
            rows={figures.data.genders}
            bar={(row) => ({ key: row.key, label: words.key('genders', row.key) })}
          />
          <TrialsChart
            title={t`Most chosen sticks`}
            rows={figures.data.sticks}
            bar={(row) => ({ key: row.key, label: words.key('stickColors', row.key) })}
          />
        </div>
      )}
    </>
  )
}

/** A chart of trial counts, a bar a row: every chart of the dashboard counts trials. */
function TrialsChart<Row extends { count: number }>({
  title,
  rows,
  bar,
}: {
  title: string
  rows: readonly Row[]
  /** A row's bar: its key and its label. */
  bar: (row: Row) => { key: string; label: string }
}) {
  const { t } = useLingui()
  const format = useFormat()
  return (
    <BarChart
      title={title}
      empty={t`No trials in this period.`}
      format={(value) => format.number(value)}
      bars={rows.map((row) => ({ ...bar(row), value: row.count }))}
    />
  )
}
