import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  reportFormats,
  reportRequestSchema,
  reportTypes,
  type ReportRequest,
} from '../../contract/reports.ts'
import { DateField } from '../../ui/date-field.tsx'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { useForm } from '../../ui/use-form.ts'
import { useFormat } from '../../ui/use-format.ts'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { CheckboxField, TextField } from '../../ui/field.tsx'
import { useGenerateReport } from './report-api.ts'
import { config } from '../../config.ts'
import { thisMonth } from './report-dates.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * Reports: type, date range and file format, then the file, with progress while it is prepared
 * and, once the browser has it, its name.
 */
export function ReportForm() {
  const { t } = useLingui()
  const format = useFormat()
  const [bytes, setBytes] = useState(0)
  const generate = useGenerateReport(setBytes)
  const form = useForm(reportRequestSchema, {
    type: 'trials',
    format: 'csv',
    ...thisMonth(new Date(), config.timeZone),
  })
  const kilobytes = format.number(Math.round(bytes / 1024))
  // The last download's file: each new one starts without it.
  const filename = generate.data?.filename
  const typeNames: Record<ReportRequest['type'], string> = {
    trials: t`Trials`,
    'store-logs': t`Store logs`,
    vouchers: t`Vouchers`,
    'visit-notes': t`Visit notes`,
  }
  const formatNames: Record<ReportRequest['format'], string> = {
    csv: t`CSV (UTF-8)`,
    xlsx: t`Excel workbook (.xlsx)`,
  }
  return (
    <section className={styles.card} aria-labelledby="report-heading">
      <h2 id="report-heading">
        <Trans>Download a report</Trans>
      </h2>
      <form
        className={styles.adminForm}
        aria-labelledby="report-heading"
        noValidate
        onSubmit={form.handleSubmit((body) => {
          setBytes(0)
          generate.mutate(body)
        })}
      >
        <SelectField
          label={t`Report`}
          required
          value={form.values.type}
          options={reportTypes.map((type) => ({ value: type, label: typeNames[type] }))}
          onChange={(type) => form.setValue('type', type)}
          error={form.error('type')}
        />
        <div className={styles.filters}>
          <DateField
            label={t`From`}
            required
            value={form.values.startAt}
            max={form.values.endAt || undefined}
            onChange={(value) => form.setValue('startAt', value)}
            onBlur={() => form.blur('startAt')}
            error={form.error('startAt')}
          />
          <DateField
            label={t`To`}
            required
            value={form.values.endAt}
            min={form.values.startAt || undefined}
            onChange={(value) => form.setValue('endAt', value)}
            onBlur={() => form.blur('endAt')}
            error={form.error('endAt')}
          />
        </div>
        {form.values.type === 'trials' && (
          <>
            <CheckboxField
              label={t`Include rejected trials, with their review`}
              checked={form.values.includeRejected ?? false}
              onCheckedChange={(checked) => form.setValue('includeRejected', checked)}
            />
            <TextField
              label={t`Content edition`}
              hint={t`Only the trials of this edition; empty for every edition.`}
              inputMode="numeric"
              value={form.values.edition === undefined ? '' : String(form.values.edition)}
              onChange={(event) => {
                const typed = event.target.value.trim()
                form.setValue('edition', typed === '' ? undefined : Number(typed))
              }}
              onBlur={() => form.blur('edition')}
              error={form.error('edition')}
            />
          </>
        )}
        <SelectField
          label={t`File format`}
          required
          value={form.values.format ?? 'csv'}
          options={reportFormats.map((value) => ({ value, label: formatNames[value] }))}
          onChange={(chosen) => form.setValue('format', chosen)}
        />
        <p className={styles.hint}>
          <Trans>Column names and answers are in the language of the app.</Trans>
        </p>
        <div className={styles.actions}>
          <Button type="submit" disabled={generate.isPending}>
            <Trans>Download</Trans>
          </Button>
        </div>
        {generate.isPending && (
          <p role="status" className={styles.loading}>
            <Spinner />{' '}
            {bytes > 0 ? (
              <Trans>Preparing the report… {kilobytes} KB so far</Trans>
            ) : (
              <Trans>Preparing the report…</Trans>
            )}
          </p>
        )}
        {/* The browser may save a file without a word (no bar, no prompt): the form says it did. */}
        {filename !== undefined && (
          <p role="status" className={styles.done}>
            <Trans>The report was downloaded: {filename}</Trans>
          </p>
        )}
      </form>
    </section>
  )
}
