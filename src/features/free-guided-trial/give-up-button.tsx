import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialogOnDemand } from '../../ui/confirm-dialog-on-demand.tsx'

/**
 * Give up, in the wizard's header (never where Back is: a tap too many on Back must not lose the
 * trial). With answers it asks first, saying how many are lost; with none it leaves at once.
 */
export function GiveUpButton({
  answers,
  disabled,
  onGiveUp,
}: {
  /** How many steps hold an answer. */
  answers: number
  disabled: boolean
  onGiveUp: () => void
}) {
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  const count = answers
  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => (answers === 0 ? onGiveUp() : setAsking(true))}
      >
        {t`Give up`}
      </Button>
      <ConfirmDialogOnDemand
        open={asking}
        onOpenChange={setAsking}
        title={t`Give up this trial?`}
        description={t({
          message: plural(count, {
            one: 'The # answer given so far will be lost.',
            other: 'The # answers given so far will be lost.',
          }),
        })}
        cancelLabel={t`Continue the trial`}
        confirmLabel={t`Give up`}
        danger
        onConfirm={() => {
          setAsking(false)
          onGiveUp()
        }}
      />
    </>
  )
}
