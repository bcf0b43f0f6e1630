import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Pack, PackType } from '../../contract/catalogue.ts'
import { Spinner } from '../../ui/spinner.tsx'
import { packsQueryOptions } from './catalogue-queries.ts'
import styles from './pack-grid.module.css'
import stepStyles from './steps.module.css'

/**
 * The chosen pack scrolls into view 500 ms after the packs load
 * (docs/behaviour.md#constants-and-limits).
 */
const scrollDelay = 500

type PackGridProps = {
  type: PackType
  brandFamily: string
  selected: Pack | null
  onSelect: (pack: Pack) => void
}

/**
 * The packs of one brand family as image tiles under their heading; one can be chosen
 * (aria-pressed).
 */
export function PackGrid(props: PackGridProps) {
  const { t } = useLingui()
  const headingId = useId()
  const family = props.brandFamily
  return (
    <section className={stepStyles.stack} aria-labelledby={headingId}>
      <h3 id={headingId} className={stepStyles.subheading}>
        {t`Packs of ${family}`}
      </h3>
      <Packs {...props} labelledBy={headingId} />
    </section>
  )
}

function Packs({
  type,
  brandFamily,
  selected,
  onSelect,
  labelledBy,
}: PackGridProps & { labelledBy: string }) {
  const { t } = useLingui()
  const packs = useQuery(packsQueryOptions(type, brandFamily))
  const grid = useRef<HTMLDivElement>(null)
  const loaded = packs.isSuccess

  useEffect(() => {
    if (!loaded) return
    const timer = setTimeout(() => {
      const tile = grid.current?.querySelector('[aria-pressed="true"]')
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
      tile?.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' })
    }, scrollDelay)
    return () => clearTimeout(timer)
  }, [loaded, brandFamily])

  if (packs.isPending) return <Spinner label={t`Loading packs…`} />
  if (packs.isError) return <p role="alert">{packs.error.message}</p>
  if (packs.data.length === 0)
    return (
      <p>
        <Trans>This brand family has no packs.</Trans>
      </p>
    )
  return (
    <div ref={grid} role="group" aria-labelledby={labelledBy} className={styles.grid}>
      {packs.data.map((pack) => (
        <PackTile
          key={pack.id}
          pack={pack}
          selected={pack.id === selected?.id}
          onSelect={onSelect}
        />
      ))}
    </div>
  )
}

/** A pack's picture; without one, or when it fails to load, its brand name. */
function PackTile({
  pack,
  selected,
  onSelect,
}: {
  pack: Pack
  selected: boolean
  onSelect: (pack: Pack) => void
}) {
  const [failed, setFailed] = useState(false)
  const showsImage = pack.src !== null && !failed
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={styles.tile}
      onClick={() => onSelect(pack)}
    >
      {showsImage ? (
        <img
          src={pack.src ?? undefined}
          alt={pack.brandName}
          className={styles.image}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={styles.name}>{pack.brandName}</span>
      )}
      {selected && (
        <span className={styles.mark} aria-hidden="true">
          <svg viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          </svg>
        </span>
      )}
    </button>
  )
}
