import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { useForm } from '../../ui/use-form.ts'
import { useTrialContactExport } from './rights-api.ts'
import { TrialContactFound } from './trial-contact-found.tsx'
import { trialContactFormSchema } from './trial-contact-form.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * /customers/trial-contact (docs/behaviour.md#customers-rights): a person known only from the
 * trials they took, found by the email or the phone they gave; then what the trials hold, its
 * export and its erasure. `onErased` drops what the app holds of the trials read before.
 */
export function TrialContact({ onErased }: { onErased: () => Promise<void> }) {
  const { t } = useLingui()
  const form = useForm(trialContactFormSchema, { email: '', phone: '' })
  const find = useTrialContactExport()
  return (
    <>
      <section className={styles.card} aria-labelledby="trial-contact-heading">
        <h2 id="trial-contact-heading">
          <Trans>Find the person&apos;s trials</Trans>
        </h2>
        <form
          className={styles.adminForm}
          aria-labelledby="trial-contact-heading"
          noValidate
          onSubmit={form.handleSubmit((query) =>
            find.mutate(query, { onError: form.showServerErrors }),
          )}
        >
          <p className={styles.hint}>
            <Trans>
              The email or the phone the person gave in a trial, or both. Each search is recorded in
              the audit log.
            </Trans>
          </p>
          <div className={styles.filters}>
            <TextField
              label={t`Email`}
              type="email"
              autoComplete="off"
              spellCheck={false}
              {...form.textInput('email')}
            />
            <TextField
              label={t`Phone`}
              type="tel"
              autoComplete="off"
              hint={t`In the international form: +381… or +382…`}
              {...form.textInput('phone')}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" loading={find.isPending}>
              <Trans>Find</Trans>
            </Button>
          </div>
        </form>
      </section>
      {/* A new search is a new person: what was done for the last one does not carry over. */}
      {find.data && (
        <TrialContactFound key={find.data.exportedAt} found={find.data} onErased={onErased} />
      )}
    </>
  )
}
