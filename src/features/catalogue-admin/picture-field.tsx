import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { pictureTypes } from '../../contract/catalogue-requests.ts'
import { Button } from '../../ui/button.tsx'
import { FieldMessages, LabelText } from '../../ui/field-parts.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import fieldStyles from '../../ui/field.module.css'
import { pictureError, pictureSrc } from './catalogue-form.ts'
import { useUploadPicture } from './catalogue-queries.ts'
import styles from './catalogue.module.css'

/**
 * A pack's picture: the one it holds, shown as the tablet draws it, and a file input whose file
 * is uploaded at once (`POST /packages/image`); the path the upload answers becomes the pack's
 * `image` when the form is saved. A refused file is said here, at the field.
 */
export function PictureField({
  image,
  error,
  onChange,
}: {
  image: string | null
  error: string | undefined
  onChange: (image: string | null) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const upload = useUploadPicture()
  const [refusal, setRefusal] = useState<string>()
  const shown = refusal ?? error
  const src = pictureSrc(image)
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        <LabelText label={t`Picture`} required={false} />
      </label>
      <div className={styles.picture}>
        {src === null ? (
          <p className={fieldStyles.hint}>
            <Trans>No picture</Trans>
          </p>
        ) : (
          <img className={styles.preview} src={src} alt={t`The pack's picture`} />
        )}
        {src !== null && (
          <Button variant="secondary" onClick={() => onChange(null)}>
            <Trans>Remove the picture</Trans>
          </Button>
        )}
      </div>
      <div className={fieldStyles.control}>
        <input
          id={id}
          type="file"
          accept={pictureTypes.join(',')}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (!file) return
            setRefusal(undefined)
            upload.mutate(file, {
              onSuccess: ({ image: uploaded }) => onChange(uploaded),
              onError: (failure) => setRefusal(pictureError(failure) ?? failure.message),
            })
          }}
        />
      </div>
      {upload.isPending && (
        <p className={fieldStyles.hint} role="status">
          <Spinner /> <Trans>Uploading the picture…</Trans>
        </p>
      )}
      <FieldMessages
        hint={<Trans>A PNG, JPEG or WebP image of up to 2 MB and 4,000 × 4,000 pixels.</Trans>}
        error={shown}
        hintId={`${id}-hint`}
        errorId={`${id}-error`}
      />
    </div>
  )
}
