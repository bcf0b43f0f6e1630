import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { StoredConsent } from '../../contract/consents.ts'
import type { Locale } from '../../contract/locale.ts'
import { captureMarkLabels, captureMarks } from '../../contract/record-labels.ts'
import type { TrialAnswers, TrialDetail } from '../../contract/trial.ts'
import { AnswerLines } from '../../ui/answer-lines.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import {
  trialReadings,
  triedDevice,
  triedSticks,
  type ImpressionWords,
} from '../../contract/trial-reading.ts'
import { useTrialWords } from '../../ui/edition-words.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * /surveys/{id}: whether its contact and free texts were removed, its number, where, by whom and when (captured and received, with the marks that say how far
 * to trust the capture time, and a possible duplicate), then the answers in the current locale's
 * words and the consents as they were recorded.
 */
export function TrialView({ trial }: { trial: TrialDetail }) {
  const format = useFormat()
  const { i18n } = useLingui()
  const marks = captureMarks.filter((mark) => trial[mark])
  const anonymisedOn = trial.anonymisedAt === null ? null : format.date(trial.anonymisedAt)
  return (
    <>
      {/* An erasure or the retention removed the contact and the texts typed in (docs/behaviour.md#customers-rights). */}
      {anonymisedOn !== null && (
        <p className={styles.notice}>
          <Trans>Contact and free texts removed on {anonymisedOn}</Trans>
        </p>
      )}
      <RecordSection id="trial-meta-heading" title={<Trans>Trial details</Trans>}>
        <dl className={styles.details}>
          {/* Written as the device's Sent list writes it, so that one is found from the other. */}
          <Detail label={<Trans>Trial number</Trans>}>#{trial.id}</Detail>
          <Detail label={<Trans>Store</Trans>}>{trial.store.name}</Detail>
          <Detail label={<Trans>Brand Expert</Trans>}>{trial.user.fullname}</Detail>
          <Detail label={<Trans>Captured</Trans>}>{format.dateTime(trial.capturedAt)}</Detail>
          <Detail label={<Trans>Received</Trans>}>{format.dateTime(trial.receivedAt)}</Detail>
          {trial.appVersion !== null && (
            <Detail label={<Trans>App version</Trans>}>{trial.appVersion}</Detail>
          )}
          <Detail label={<Trans>Content edition</Trans>}>{trial.contentEdition}</Detail>
          {marks.length > 0 && (
            <Detail label={<Trans>Capture time</Trans>}>
              {marks.map((mark) => i18n._(captureMarkLabels[mark])).join('; ')}
            </Detail>
          )}
          {trial.possibleDuplicateOf !== null && (
            <Detail label={<Trans>Possible duplicate</Trans>}>
              <Link to="/surveys/$id" params={{ id: trial.possibleDuplicateOf }}>
                <Trans>
                  Same customer at this store within 10 minutes: trial {trial.possibleDuplicateOf}
                </Trans>
              </Link>
            </Detail>
          )}
        </dl>
      </RecordSection>
      {typeof trial.comment === 'string' ? (
        <RecordSection id="trial-text-heading" title={<Trans>Comment</Trans>}>
          <p className={styles.preWrap}>{trial.comment}</p>
        </RecordSection>
      ) : (
        <TrialAnswersView answers={trial.comment} edition={trial.contentEdition} />
      )}
      {trial.consents.length > 0 && <ConsentsView consents={trial.consents} />}
    </>
  )
}

/**
 * The consents as the trial recorded them (docs/behaviour.md#consents): who set each box, in which
 * words and locale. A box the app ticked is said to be so, never shown as the customer's consent.
 */
function ConsentsView({ consents }: { consents: StoredConsent[] }) {
  const { t } = useLingui()
  const names: Record<StoredConsent['consent'], string> = {
    privacyPolicy: t`Privacy policy`,
    analizeData: t`Data analysis`,
  }
  const localeNames: Record<Locale, string> = { me: t`Montenegrin`, sr: t`Serbian`, en: t`English` }
  const how = (consent: StoredConsent) => {
    const given = consent.given ? t`ticked` : t`not ticked`
    switch (consent.tickedBy) {
      case 'person':
        return consent.given ? t`Ticked by the person` : t`Left unticked by the person`
      case 'app':
        return consent.given ? t`Ticked by the app` : t`Not ticked by the app`
      case 'unknown':
        return t`Box ${given}; how, and in which words, was not recorded (an earlier version of the app)`
    }
  }
  const details = (consent: StoredConsent) => {
    const language = consent.locale ? localeNames[consent.locale] : null
    const textId = consent.textId
    return [how(consent), language && t`shown in ${language}`, textId && t`text ${textId}`]
      .filter(Boolean)
      .join(' · ')
  }
  return (
    <RecordSection id="trial-consents-heading" title={<Trans>Consents, as recorded</Trans>}>
      <dl className={styles.fields}>
        {consents.map((consent) => (
          <div key={consent.consent} className={styles.contents}>
            <dt>{names[consent.consent]}</dt>
            <dd>{details(consent)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.empty}>
        <Trans>
          A box ticked by the app is not the customer&apos;s consent: this is a record of what
          happened on the device, never proof of consent.
        </Trans>
      </p>
    </RecordSection>
  )
}

/** The answers in the words of the trial's own content edition. */
function TrialAnswersView({ answers, edition }: { answers: TrialAnswers; edition: number }) {
  const { words, edition: editionWords } = useTrialWords(edition)
  const lines = trialReadings.lines(answers, words.t, editionWords)
  const sticks = triedSticks(answers, words)
  const device = triedDevice(answers, words)
  return (
    <>
      <RecordSection id="trial-answers-heading" title={<Trans>Answers</Trans>}>
        <AnswerLines lines={lines} />
      </RecordSection>
      <RecordSection id="trial-sticks-heading" title={<Trans>Sticks, in the order tried</Trans>}>
        {sticks.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No sticks were tried.</Trans>
          </p>
        ) : (
          <ol className={styles.reclamations}>
            {sticks.map((stick, index) => (
              <li key={index} className={styles.reclamation}>
                <h3>{stick.count ? `${stick.color} × ${stick.count}` : stick.color}</h3>
                <dl className={styles.fields}>
                  <ImpressionFields impressions={stick} />
                  <TriedField label={<Trans>Comment</Trans>} text={stick.comment} />
                </dl>
              </li>
            ))}
          </ol>
        )}
      </RecordSection>
      {device && (
        <RecordSection id="trial-device-heading" title={<Trans>Device</Trans>}>
          <div className={styles.reclamation}>
            <h3>{device.name}</h3>
            <dl className={styles.fields}>
              <ImpressionFields impressions={device} />
            </dl>
          </div>
        </RecordSection>
      )}
    </>
  )
}

/** What was liked, disliked and neutral about a stick or the device, each on its own line. */
function ImpressionFields({ impressions }: { impressions: ImpressionWords }) {
  return (
    <>
      <TriedField label={<Trans>Liked</Trans>} text={impressions.positive.join(', ')} />
      <TriedField label={<Trans>Disliked</Trans>} text={impressions.negative.join(', ')} />
      <TriedField label={<Trans>Neutral</Trans>} text={impressions.neutral.join(', ')} />
    </>
  )
}

/** A line of the words noted about a tried stick or device; none where nothing was noted. */
function TriedField({ label, text }: { label: ReactNode; text: string | null }) {
  if (!text) return null
  return (
    <div className={styles.contents}>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </div>
  )
}
