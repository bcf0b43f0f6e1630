import { useRef, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignedInUser } from '../../api/session.ts'
import { messages } from '../../contract/messages.ts'
import type { Store } from '../../contract/stores.ts'
import { trialTextMaxLength } from '../../contract/trial.ts'
import { Button, buttonClass } from '../../ui/button.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { trialOutcome } from '../../offline/outbox/index.ts'
import { showToast } from '../../ui/toast/show-toast.ts'
import { useFinishTrial } from './trial-api.ts'
import styles from './simple-trial-form.module.css'

/**
 * The simple free guided trial (docs/behaviour.md#the-simple-trial): a store (not for a manager,
 * who works for their own) and a required comment of 15 rows; Decline goes home, Save sends it,
 * goes home and says there whether the server has it.
 */
export function SimpleTrialForm({ user }: { user: SignedInUser }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const submit = useFinishTrial()
  // One form, one trial: its id is made with the form, and Save is guarded at the click.
  const [trialId] = useState(() => crypto.randomUUID())
  const saving = useRef(false)
  const choosesStore = user.role !== 'manager'
  const [store, setStore] = useState<Store | null>(null)
  const [comment, setComment] = useState('')
  const [touched, setTouched] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const required = i18n._(messages.required.id)
  const storeError = submitted && choosesStore && !store ? required : undefined
  const commentError = (submitted || touched) && comment.trim() === '' ? required : undefined
  const storeId = choosesStore ? store?.id : user.expertStore?.id

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitted(true)
        const text = comment.trim()
        if (saving.current || storeId === undefined || text === '') return
        if (text.length > trialTextMaxLength) return
        saving.current = true
        submit.mutate(
          { userId: user.id, trialId, answers: { store_id: storeId, comment: text } },
          {
            // The form is done with: home takes its place in the history (Back from the home
            // leaves the flow), and says where the trial is once the first attempt to send it
            // is over.
            onSuccess: () => {
              void navigate({ to: '/', replace: true })
              void trialOutcome(trialId).then((outcome) =>
                outcome === 'received'
                  ? showToast('success', t`The simple trial is saved and has reached the server.`)
                  : showToast(
                      'info',
                      t`The simple trial is saved on this device, and is sent to the server as soon as it can be reached.`,
                    ),
              )
            },
            onError: () => {
              saving.current = false
            },
          },
        )
      }}
    >
      {choosesStore && <StoreCombobox value={store} onChange={setStore} error={storeError} />}
      <TextArea
        label={t`Comment`}
        required
        rows={15}
        maxLength={trialTextMaxLength}
        value={comment}
        error={commentError}
        onChange={(event) => setComment(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <div className={styles.actions}>
        <Link to="/" className={buttonClass('secondary')} disabled={submit.isPending}>
          <Trans>Decline</Trans>
        </Link>
        <Button type="submit" loading={submit.isPending}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}
