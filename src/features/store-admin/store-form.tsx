import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { storeFormSchema, storeTextMaxLength } from '../../contract/store-admin.ts'
import { countries, type Store } from '../../contract/stores.ts'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import { useForm } from '../../ui/use-form.ts'
import { FormCard } from '../../ui/admin/form-card.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { useCountryName } from '../../ui/country-name.ts'
import { useSaveStore } from './store-admin-queries.ts'

/** /stores/new and /stores/{id}/edit: name, address, city and country. */
export function StoreFormCard({ store }: { store?: Store }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const countryName = useCountryName()
  const form = useForm(storeFormSchema, {
    name: store?.name ?? '',
    address: store?.address ?? '',
    city: store?.city ?? '',
    country: store?.country ?? 'RS',
  })
  const save = useSaveStore(store?.id ?? null)
  const text = (name: 'name' | 'address' | 'city', label: string) => (
    <LimitedTextField
      label={label}
      required
      autoComplete="off"
      maxLength={storeTextMaxLength[name]}
      {...form.textInput(name)}
    />
  )
  return (
    <FormCard
      id="store-form-heading"
      title={<Trans>Store details</Trans>}
      saving={save.isPending}
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: ({ data }) => void navigate({ to: '/stores/$id', params: { id: data.id } }),
          onError: form.showServerErrors,
        }),
      )}
    >
      {text('name', t({ message: 'Name', context: 'store' }))}
      {text('address', t`Address`)}
      {text('city', t`City`)}
      <SelectField
        label={t`Country`}
        required
        value={form.values.country}
        options={countries.map((country) => ({ value: country, label: countryName(country) }))}
        onChange={(country) => form.setValue('country', country)}
        error={form.error('country')}
      />
    </FormCard>
  )
}
