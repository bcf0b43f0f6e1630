import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { packTypes, type PackRow } from '../../contract/catalogue.ts'
import { catalogueTextMaxLength, packFormSchema } from '../../contract/catalogue-requests.ts'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import { useForm } from '../../ui/use-form.ts'
import { FormCard } from '../../ui/admin/form-card.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { conflictField, packFormValues } from './catalogue-form.ts'
import { useSavePack } from './catalogue-queries.ts'
import { PictureField } from './picture-field.tsx'

/** /catalogue/packs/new and /catalogue/packs/{id}: type, brand family, brand name and picture. */
export function PackFormCard({ pack }: { pack?: PackRow | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm(packFormSchema, packFormValues(pack))
  const save = useSavePack(pack?.id ?? null)
  return (
    <FormCard
      id="pack-form-heading"
      title={<Trans>Pack details</Trans>}
      saving={save.isPending}
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: () => void navigate({ to: '/catalogue', search: { list: 'packs' } }),
          onError: (error) => {
            form.showServerErrors(error)
            const field = conflictField(error)
            if (field === 'brandName') form.showFieldError(field, error.message)
          },
        }),
      )}
    >
      <SelectField
        label={t`Type`}
        required
        value={form.values.type}
        options={packTypes.map((type) => ({ value: type, label: type }))}
        onChange={(type) => form.setValue('type', type)}
        error={form.error('type')}
      />
      <LimitedTextField
        label={t`Brand family`}
        required
        autoComplete="off"
        maxLength={catalogueTextMaxLength.brandFamily}
        {...form.textInput('brandFamily')}
      />
      <LimitedTextField
        label={t`Brand name`}
        required
        autoComplete="off"
        maxLength={catalogueTextMaxLength.brandName}
        {...form.textInput('brandName')}
      />
      <PictureField
        image={form.values.image}
        error={form.error('image')}
        onChange={(image) => form.setValue('image', image)}
      />
    </FormCard>
  )
}
