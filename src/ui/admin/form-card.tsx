import type { ReactNode, SyntheticEvent } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../button.tsx'
import styles from './admin.module.css'

/**
 * The form of an administered record (a store, a user) in its card: the heading, the fields, and
 * Save, busy while `saving`.
 */
export function FormCard({
  id,
  title,
  saving,
  onSubmit,
  children,
}: {
  id: string
  title: ReactNode
  saving: boolean
  onSubmit: (event: SyntheticEvent) => void
  children: ReactNode
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <form className={styles.adminForm} noValidate onSubmit={onSubmit}>
        {children}
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
