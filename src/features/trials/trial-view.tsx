import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { StoredConsent } from '../../contract/consents.ts'
import type { Locale } from '../../contract/locale.ts'
import { captureMarkLabels, captureMarks } from '../../contract/record-labels.ts'
import type { TrialAnswers, TrialDetail } from '../../contract/trial.ts'
import { useFormat } from '../../ui/use-format.ts'
import { answerLines, stickLines } from './trial-answers.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * /surveys/{id}: where, by whom and when (captured and received, with the marks that say how far
 * to trust the capture time, and a possible duplicate), then the answers in the current locale's
 * words and the consents as they were recorded.
 */
export function TrialView({ trial }: { trial: TrialDetail }) {
  const format = useFormat()
  const { i18n } = useLingui()
  const marks = captureMarks.filter((mark) => trial[mark])
  return (
    <>
      <section className={styles.card} aria-labelledby="trial-meta-heading">
        <h2 id="trial-meta-heading">
          <Trans>Trial details</Trans>
        </h2>
        <dl className={styles.details}>
          <div>
            <dt>
              <Trans>Store</Trans>
            </dt>
            <dd>{trial.store.name}</dd>
          </div>
          <div>
            <dt>
              <Trans>Brand Expert</Trans>
            </dt>
            <dd>{trial.user.fullname}</dd>
          </div>
          <div>
            <dt>
              <Trans>Captured</Trans>
            </dt>
            <dd>{format.dateTime(trial.capturedAt)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Received</Trans>
            </dt>
            <dd>{format.dateTime(trial.receivedAt)}</dd>
          </div>
          {trial.appVersion !== null && (
            <div>
              <dt>
                <Trans>App version</Trans>
              </dt>
              <dd>{trial.appVersion}</dd>
            </div>
          )}
          {marks.length > 0 && (
            <div>
              <dt>
                <Trans>Capture time</Trans>
              </dt>
              <dd>{marks.map((mark) => i18n._(captureMarkLabels[mark])).join('; ')}</dd>
            </div>
          )}
          {trial.possibleDuplicateOf !== null && (
            <div>
              <dt>
                <Trans>Possible duplicate</Trans>
              </dt>
              <dd>
                <Link to="/surveys/$id" params={{ id: trial.possibleDuplicateOf }}>
                  <Trans>
                    Same customer at this store within 10 minutes: trial {trial.possibleDuplicateOf}
                  </Trans>
                </Link>
              </dd>
            </div>
          )}
        </dl>
      </section>
      {typeof trial.comment === 'string' ? (
        <section className={styles.card} aria-labelledby="trial-text-heading">
          <h2 id="trial-text-heading">
            <Trans>Comment</Trans>
          </h2>
          <p className={styles.preWrap}>{trial.comment}</p>
        </section>
      ) : (
        <TrialAnswersView answers={trial.comment} />
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
    <section className={styles.card} aria-labelledby="trial-consents-heading">
      <h2 id="trial-consents-heading">
        <Trans>Consents, as recorded</Trans>
      </h2>
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
    </section>
  )
}

function TrialAnswersView({ answers }: { answers: TrialAnswers }) {
  const { i18n } = useLingui()
  const _ = i18n._.bind(i18n)
  const lines = answerLines(answers, _)
  const sticks = stickLines(answers, _)
  return (
    <>
      <section className={styles.card} aria-labelledby="trial-answers-heading">
        <h2 id="trial-answers-heading">
          <Trans>Answers</Trans>
        </h2>
        <dl className={styles.fields}>
          {lines.map((line) => (
            <div key={line.label} className={styles.contents}>
              <dt>{line.label}</dt>
              <dd>{line.values.join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="trial-sticks-heading">
        <h2 id="trial-sticks-heading">
          <Trans>Sticks, in the order tried</Trans>
        </h2>
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
                  {stick.positive.length > 0 && (
                    <div className={styles.contents}>
                      <dt>
                        <Trans>Liked</Trans>
                      </dt>
                      <dd>{stick.positive.join(', ')}</dd>
                    </div>
                  )}
                  {stick.negative.length > 0 && (
                    <div className={styles.contents}>
                      <dt>
                        <Trans>Disliked</Trans>
                      </dt>
                      <dd>{stick.negative.join(', ')}</dd>
                    </div>
                  )}
                  {stick.neutral.length > 0 && (
                    <div className={styles.contents}>
                      <dt>
                        <Trans>Neutral</Trans>
                      </dt>
                      <dd>{stick.neutral.join(', ')}</dd>
                    </div>
                  )}
                  {stick.comment && (
                    <div className={styles.contents}>
                      <dt>
                        <Trans>Comment</Trans>
                      </dt>
                      <dd>{stick.comment}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}
