import { Trans } from '@lingui/react/macro'
import { config } from '../config.ts'
import styles from './footer.module.css'

export function Footer() {
  const email = config.supportEmail
  return (
    <footer className={styles.footer}>
      <p>
        <Trans>
          Need help? Write to support at <a href={`mailto:${email}`}>{email}</a>
        </Trans>
      </p>
    </footer>
  )
}
