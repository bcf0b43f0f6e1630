import { useId, useSyncExternalStore } from 'react'
import { Trans } from '@lingui/react/macro'
import { peopleOnTablet, shortName, subscribePeople } from '../../api/people.ts'
import type { SignedInUser } from '../../api/session.ts'
import { Button } from '../../ui/button.tsx'
import styles from './auth-form.module.css'

/**
 * The people who used this tablet, each opened with their own PIN, even with no connection
 * (docs/security.md#people-on-a-shared-tablet): read from browser storage, so the sign-in page
 * lists them without the device's database. `except` leaves out the one locked now.
 */
export function PeopleList({
  except,
  onChoose,
}: {
  except?: number | undefined
  onChoose: (person: SignedInUser) => void
}) {
  const headingId = useId()
  const people = useSyncExternalStore(subscribePeople, peopleOnTablet).filter(
    (person) => person.id !== except,
  )
  if (people.length === 0) return null
  return (
    <section className={styles.firstWay} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.peopleHeading}>
        {except === undefined ? <Trans>Who is working?</Trans> : <Trans>Someone else?</Trans>}
      </h2>
      <ul className={styles.people}>
        {people.map((person) => (
          <li key={person.id}>
            <Button variant="secondary" block onClick={() => onChoose(person)}>
              {shortName(person.fullname)}
            </Button>
          </li>
        ))}
      </ul>
      <p className={styles.peopleHint}>
        <Trans>
          New on this tablet? Sign in with your email and password: the first time needs a
          connection.
        </Trans>
      </p>
    </section>
  )
}
