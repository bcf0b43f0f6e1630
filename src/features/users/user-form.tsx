import { useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { config } from '../../config.ts'
import { useSession } from '../../api/use-session.ts'
import { parseLocale } from '../../contract/locale.ts'
import type { Store } from '../../contract/stores.ts'
import { fullnameMaxLength, userFormSchema, type ManagedUser } from '../../contract/users.ts'
import { countryOfLocale } from '../../contract/countries.ts'
import { countryPhone, phoneSchema } from '../../contract/phone.ts'
import { restrictedEmailSchema } from '../../contract/validators.ts'
import { TextField } from '../../ui/field.tsx'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import { useForm } from '../../ui/use-form.ts'
import { usePhoneHint } from '../../ui/phone-hint.ts'
import { useRoleName } from '../../ui/role-name.ts'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { FormCard } from '../../ui/admin/form-card.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { useSaveUser } from './user-queries.ts'
import { assignableRoles, canManage } from './user-roles.ts'
import styles from '../../ui/admin/admin.module.css'

/** /users/new and /users/{id}/edit: role, name, email, phone and, for a manager, the store. */
export function UserFormCard({
  user,
  store: initialStore = null,
}: {
  user?: ManagedUser
  /** The manager's current store, loaded in full for the store picker. */
  store?: Store | null
}) {
  const { t, i18n } = useLingui()
  const locale = parseLocale(i18n.locale)
  const [store, setStore] = useState<Store | null>(initialStore)
  // A manager's phone is shown with their store's country's hint and rule, anyone else's with the
  // reader's; a number of either country, or an international one, is accepted (decision 1).
  const phoneCountry = store?.country ?? countryOfLocale[locale]
  const phoneHint = usePhoneHint()
  const navigate = useNavigate()
  const session = useSession()
  const roleName = useRoleName()
  const schema = useMemo(
    () =>
      v.object({
        ...userFormSchema.entries,
        email: restrictedEmailSchema(config.allowedEmailDomains),
        phone: phoneSchema(countryPhone[phoneCountry].rule),
      }),
    [phoneCountry],
  )
  const form = useForm(schema, {
    role: user?.role ?? 'agent',
    fullname: user?.fullname ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    expertStoreId: user?.expertStore?.id ?? null,
  })
  const save = useSaveUser(user?.id ?? null)
  const roles = assignableRoles(session?.user.role)
  const isManager = form.values.role === 'manager'

  if (!canManage(session?.user.role, user))
    return (
      <p role="alert" className={styles.alert}>
        <Trans>Only a super user can edit a super user.</Trans>
      </p>
    )
  return (
    <FormCard
      id="user-form-heading"
      title={<Trans>User details</Trans>}
      saving={save.isPending}
      onSubmit={form.handleSubmit((body) =>
        save.mutate(
          {
            ...body,
            expertStoreId: body.role === 'manager' ? (body.expertStoreId ?? null) : null,
          },
          {
            onSuccess: () => void navigate({ to: '/users' }),
            onError: form.showServerErrors,
          },
        ),
      )}
    >
      <SelectField
        label={t`Role`}
        required
        value={form.values.role}
        options={roles.map((role) => ({ value: role, label: roleName(role) }))}
        onChange={(role) => form.setValue('role', role)}
        error={form.error('role')}
      />
      <LimitedTextField
        label={t`Full name`}
        required
        autoComplete="off"
        maxLength={fullnameMaxLength}
        {...form.textInput('fullname')}
      />
      <TextField
        label={t`Email`}
        type="email"
        required
        autoComplete="off"
        spellCheck={false}
        {...form.textInput('email')}
      />
      <TextField
        label={t`Phone`}
        type="tel"
        required
        autoComplete="off"
        hint={phoneHint(phoneCountry)}
        {...form.textInput('phone')}
      />
      {isManager && (
        <StoreCombobox
          value={store}
          onChange={(next) => {
            setStore(next)
            form.setValue('expertStoreId', next?.id ?? null)
          }}
          error={form.error('expertStoreId')}
        />
      )}
    </FormCard>
  )
}
