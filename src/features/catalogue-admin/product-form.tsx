import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProductRow } from '../../contract/catalogue.ts'
import {
  catalogueTextMaxLength,
  productFormSchema,
  type ProductForm,
} from '../../contract/catalogue-requests.ts'
import { parseLocale } from '../../contract/locale.ts'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import { TextField } from '../../ui/field.tsx'
import { useForm } from '../../ui/use-form.ts'
import { FormCard } from '../../ui/admin/form-card.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { currentEditionQueryOptions } from '../../ui/edition-words.ts'
import { conflictField, deviceFormValues, stickFormValues, typedSwatch } from './catalogue-form.ts'
import { useSaveProduct } from './catalogue-queries.ts'
import styles from './catalogue.module.css'

type Form<T> = Extract<ProductForm, { type: T }>

/** What both forms share: saving, then back to their list; a conflict shown at its field. */
function useProductSave(id: number | null, list: 'sticks' | 'devices') {
  const navigate = useNavigate()
  const save = useSaveProduct(id)
  return {
    saving: save.isPending,
    submit: (
      body: ProductForm,
      showErrors: (error: Error) => void,
      showConflict: (field: 'name' | 'color', message: string) => void,
    ) =>
      save.mutate(body, {
        onSuccess: () => void navigate({ to: '/catalogue', search: { list } }),
        onError: (error) => {
          showErrors(error)
          const field = conflictField(error)
          if (field === 'name' || field === 'color') showConflict(field, error.message)
        },
      }),
  }
}

/**
 * /catalogue/sticks/new and /catalogue/sticks/{id}: the stick's label, its colour key (one of the
 * content edition's stick colours, which names it in the wizard) and its swatch.
 */
export function StickFormCard({ stick }: { stick?: ProductRow | undefined }) {
  const { t, i18n } = useLingui()
  const form = useForm(productFormSchema.options[0], stickFormValues(stick))
  const save = useProductSave(stick?.id ?? null, 'sticks')
  const edition = useQuery(currentEditionQueryOptions())
  const locale = parseLocale(i18n.locale)
  const colours = edition.data?.lists.stickColors ?? []
  const current = form.values.color
  const options = [
    { value: '', label: t`Choose a colour` },
    ...colours.map((colour) => ({
      value: colour.key,
      label: `${colour.labels[locale]} (${colour.key})`,
    })),
    // A key the edition no longer lists stays choosable for the stick that has it.
    ...(current && !colours.some((colour) => colour.key === current)
      ? [{ value: current, label: current }]
      : []),
  ]
  const swatch = form.values.swatch
  return (
    <FormCard
      id="stick-form-heading"
      title={<Trans>Stick details</Trans>}
      saving={save.saving}
      onSubmit={form.handleSubmit((body: Form<'Stick'>) =>
        save.submit(body, form.showServerErrors, form.showFieldError),
      )}
    >
      <LimitedTextField
        label={t`Label`}
        required
        autoComplete="off"
        maxLength={catalogueTextMaxLength.name}
        {...form.textInput('name')}
      />
      <SelectField
        label={t`Colour`}
        required
        value={current}
        options={options}
        onChange={(key) => {
          form.setValue('color', key)
          const colour = colours.find((each) => each.key === key)
          if (colour && /^#[0-9a-f]{6}$/.test(colour.swatch)) form.setValue('swatch', colour.swatch)
        }}
        onBlur={() => form.blur('color')}
        error={form.error('color')}
      />
      <div className={styles.swatchField}>
        <TextField
          label={t`Swatch`}
          required
          autoComplete="off"
          spellCheck={false}
          hint={<Trans>The colour the stick is drawn in during a trial, as #rrggbb.</Trans>}
          value={swatch}
          onChange={(event) => form.setValue('swatch', typedSwatch(event.target.value))}
          onBlur={() => form.blur('swatch')}
          error={form.error('swatch')}
        />
        <input
          type="color"
          className={styles.colorInput}
          aria-label={t`Pick the swatch`}
          value={/^#[0-9a-f]{6}$/.test(swatch) ? swatch : '#808080'}
          onChange={(event) => form.setValue('swatch', event.target.value)}
        />
      </div>
    </FormCard>
  )
}

/** /catalogue/devices/new and /catalogue/devices/{id}: the device's name. */
export function DeviceFormCard({ device }: { device?: ProductRow | undefined }) {
  const { t } = useLingui()
  const form = useForm(productFormSchema.options[1], deviceFormValues(device))
  const save = useProductSave(device?.id ?? null, 'devices')
  return (
    <FormCard
      id="device-form-heading"
      title={<Trans>Device details</Trans>}
      saving={save.saving}
      onSubmit={form.handleSubmit((body: Form<'Device'>) =>
        save.submit(body, form.showServerErrors, (field, message) => {
          if (field === 'name') form.showFieldError(field, message)
        }),
      )}
    >
      <LimitedTextField
        label={t`Device name`}
        required
        autoComplete="off"
        maxLength={catalogueTextMaxLength.name}
        {...form.textInput('name')}
      />
    </FormCard>
  )
}
