import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { messages } from '../../contract/messages.ts'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { TextArea } from '../../ui/text-area.tsx'

/**
 * The reason of a decision or a correction and its comment (docs/api.md#review): a reason is
 * required, and "Other" needs a comment. What the form holds, and the choice once it is whole.
 */
export function useReason<T extends string>() {
  const [reason, setReason] = useState<T | ''>('')
  const [comment, setComment] = useState('')
  const [tried, setTried] = useState(false)
  return {
    reason,
    comment,
    tried,
    setReason,
    setComment,
    /** Marks the form as sent (its errors show) and answers the choice, null while not whole. */
    chosen: (): { reason: T; comment: string } | null => {
      setTried(true)
      if (reason === '' || (reason === 'other' && comment.trim() === '')) return null
      return { reason, comment }
    },
    reset: () => {
      setReason('')
      setComment('')
      setTried(false)
    },
  }
}

export type Reason<T extends string> = ReturnType<typeof useReason<T>>

/** The reason's select and the comment, with what is missing said once the form was sent. */
export function ReasonFields<T extends string>({
  state,
  reasons,
  labels,
  label,
  commentLabel,
}: {
  state: Reason<T>
  reasons: readonly T[]
  labels: Record<T, MessageDescriptor>
  label: string
  commentLabel: string
}) {
  const { t, i18n } = useLingui()
  const required = i18n._(messages.required.id)
  const { reason, comment, tried } = state
  return (
    <>
      <SelectField
        label={label}
        value={reason}
        required
        options={[
          { value: '' as const, label: t`Choose a reason` },
          ...reasons.map((code) => ({ value: code, label: i18n._(labels[code]) })),
        ]}
        onChange={state.setReason}
        error={tried && reason === '' ? required : undefined}
      />
      <TextArea
        label={commentLabel}
        value={comment}
        maxLength={2000}
        required={reason === 'other'}
        error={tried && reason === 'other' && comment.trim() === '' ? required : undefined}
        onChange={(event) => state.setComment(event.target.value)}
      />
    </>
  )
}
