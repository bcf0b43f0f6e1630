import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { messages } from '../../contract/messages.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { useVoucherLookup } from './voucher-queries.ts'
import styles from './vouchers.module.css'

/**
 * Look a voucher up by its code (docs/behaviour.md#screens-and-routes). A found voucher (valid,
 * used or expired) opens its page; a code that does not exist says so here, not only in a passing
 * toast.
 */
export function VoucherSearchForm() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [code, setCode] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const lookup = useVoucherLookup()
  const trimmed = code.trim()
  const required = submitted && !trimmed ? i18n._(messages.required.id) : undefined

  return (
    <section className={styles.card} aria-labelledby="voucher-search-heading">
      <h2 id="voucher-search-heading">
        <Trans>Find a voucher</Trans>
      </h2>
      <form
        role="search"
        aria-labelledby="voucher-search-heading"
        className={styles.searchForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          if (!trimmed) return
          lookup.mutate(trimmed, {
            onSuccess: (voucher) =>
              void navigate({ to: '/vouchers/$id', params: { id: voucher.id } }),
          })
        }}
      >
        <TextField
          label={t`Voucher code`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            lookup.reset()
          }}
          error={required}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" loading={lookup.isPending} className={styles.searchButton}>
          <Trans>Search</Trans>
        </Button>
      </form>
      {lookup.isError && (
        <p role="alert" className={styles.alert}>
          {lookup.error.message}
        </p>
      )}
    </section>
  )
}
