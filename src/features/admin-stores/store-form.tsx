import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../api/api-error.ts'
import { storeFormSchema } from '../../contract/administration.ts'
import { countries, type Store } from '../../contract/stores.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { useForm } from '../../ui/use-form.ts'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { useCountryName } from './country-name.ts'
import { useSaveStore } from './store-admin-queries.ts'
import styles from '../../ui/admin/admin.module.css'

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
    <TextField
      label={label}
      required
      autoComplete="off"
      value={form.values[name]}
      onChange={(event) => form.setValue(name, event.target.value)}
      onBlur={() => form.blur(name)}
      error={form.error(name)}
    />
  )
  return (
    <section className={styles.card} aria-labelledby="store-form-heading">
      <h2 id="store-form-heading">
        <Trans>Store details</Trans>
      </h2>
      <form
        className={styles.adminForm}
        noValidate
        onSubmit={form.handleSubmit((body) =>
          save.mutate(body, {
            onSuccess: ({ data }) => void navigate({ to: '/stores/$id', params: { id: data.id } }),
            onError: (error) =>
              error instanceof ApiError && form.setServerErrors(error.invalidFields),
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
          onChange={(country) => form.setValue('country', country as Store['country'])}
          error={form.error('country')}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
