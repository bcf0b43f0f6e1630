import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  packTypes,
  type PackRow,
  type PackType,
  type ProductRow,
} from '../../contract/catalogue.ts'
import { parseLocale } from '../../contract/locale.ts'
import { RecordSection, RecordTable, type Column } from '../../ui/record-table.tsx'
import { SearchForm, type SearchProps } from '../../ui/search-panel.tsx'
import { currentEditionQueryOptions } from '../../ui/edition-words.ts'
import { matchesFilter, productTypeOf, type CatalogueKind } from './catalogue-form.ts'
import { packRowsQueryOptions, productRowsQueryOptions } from './catalogue-queries.ts'
import records from '../../ui/records.module.css'
import styles from './catalogue.module.css'

/** Active, or retired (marked: new trials no longer offer it). */
function ItemState({ active }: { active: boolean }) {
  return active ? (
    <span className={records.badge} data-tone="valid">
      <Trans>Active</Trans>
    </span>
  ) : (
    <span className={records.badge}>
      <Trans>Retired</Trans>
    </span>
  )
}

/** /catalogue: the tabs of its three lists, the filter, and the open list (`?list=`). */
export function CatalogueLists({ list, query, onSearch }: SearchProps & { list: CatalogueKind }) {
  const { t } = useLingui()
  return (
    <>
      <nav aria-label={t`Catalogue lists`} className={records.tabs}>
        <Link to="/catalogue" search={{ list: 'packs' }} replace className={records.tab}>
          <Trans>Packs</Trans>
        </Link>
        <Link to="/catalogue" search={{ list: 'sticks' }} replace className={records.tab}>
          <Trans>Sticks</Trans>
        </Link>
        <Link to="/catalogue" search={{ list: 'devices' }} replace className={records.tab}>
          <Trans>Devices</Trans>
        </Link>
      </nav>
      <SearchForm
        key={list}
        id="catalogue-filter-heading"
        title={<Trans>Filter</Trans>}
        label={
          list === 'packs'
            ? t`Brand name or family`
            : list === 'sticks'
              ? t`Label or colour key`
              : t`Device name`
        }
        query={query}
        onSearch={onSearch}
      />
      {list === 'packs' ? <PackLists query={query} /> : <ProductList list={list} query={query} />}
    </>
  )
}

/** The packs of each type, by brand family and name, each with its picture. */
function PackLists({ query }: { query: string }) {
  const { data: packs } = useSuspenseQuery(packRowsQueryOptions())
  const shown = packs
    .filter((pack) => matchesFilter([pack.brandName, pack.brandFamily], query))
    .sort(
      (a, b) =>
        a.brandFamily.localeCompare(b.brandFamily) || a.brandName.localeCompare(b.brandName),
    )
  return packTypes.map((type) => (
    <PackList key={type} type={type} packs={shown.filter((pack) => pack.type === type)} />
  ))
}

function PackList({ type, packs }: { type: PackType; packs: PackRow[] }) {
  const id = `packs-${type}`
  const columns: Column<PackRow>[] = [
    {
      header: <Trans>Picture</Trans>,
      cell: (pack) =>
        pack.src === null ? (
          <span className={records.muted}>
            <Trans>No picture</Trans>
          </span>
        ) : (
          <img className={styles.thumb} src={pack.src} alt="" loading="lazy" />
        ),
    },
    {
      header: <Trans>Brand name</Trans>,
      rowHeader: true,
      cell: (pack) => (
        <Link to="/catalogue/$kind/$id" params={{ kind: 'packs', id: String(pack.id) }}>
          {pack.brandName}
        </Link>
      ),
    },
    { header: <Trans>Brand family</Trans>, cell: (pack) => pack.brandFamily },
    { header: <Trans>State</Trans>, cell: (pack) => <ItemState active={pack.active} /> },
  ]
  return (
    <RecordSection
      id={id}
      title={type === 'HTS' ? <Trans>HTS packs</Trans> : <Trans>RMC packs</Trans>}
    >
      <RecordTable
        labelledBy={id}
        rows={packs}
        columns={columns}
        rowKey={(pack) => pack.id}
        empty={<Trans>No pack matches this filter.</Trans>}
      />
    </RecordSection>
  )
}

/** The sticks (their swatch and colour key) or the devices, by name. */
function ProductList({ list, query }: { list: 'sticks' | 'devices'; query: string }) {
  const { i18n } = useLingui()
  const { data: products } = useSuspenseQuery(productRowsQueryOptions(productTypeOf(list)))
  const edition = useQuery({ ...currentEditionQueryOptions(), enabled: list === 'sticks' })
  const locale = parseLocale(i18n.locale)
  const colourName = (key: string | null) =>
    edition.data?.lists.stickColors.find((colour) => colour.key === key)?.labels[locale] ?? null
  const shown = products
    .filter((product) => matchesFilter([product.name, product.color], query))
    .sort((a, b) => a.name.localeCompare(b.name))
  const link = (product: ProductRow) => (
    <Link to="/catalogue/$kind/$id" params={{ kind: list, id: String(product.id) }}>
      {product.name}
    </Link>
  )
  const columns: Column<ProductRow>[] =
    list === 'sticks'
      ? [
          { header: <Trans>Label</Trans>, rowHeader: true, cell: link },
          {
            header: <Trans>Colour</Trans>,
            cell: (stick) => (
              <span className={styles.swatchCell}>
                <span
                  className={styles.swatch}
                  style={{ background: stick.swatch ?? undefined }}
                  aria-hidden="true"
                />
                <span>
                  {colourName(stick.color)} <span className={records.code}>{stick.color}</span>
                </span>
              </span>
            ),
          },
          { header: <Trans>State</Trans>, cell: (stick) => <ItemState active={stick.active} /> },
        ]
      : [
          { header: <Trans>Device name</Trans>, rowHeader: true, cell: link },
          { header: <Trans>State</Trans>, cell: (device) => <ItemState active={device.active} /> },
        ]
  return (
    <RecordSection
      id="products"
      title={list === 'sticks' ? <Trans>Sticks</Trans> : <Trans>Devices</Trans>}
    >
      <RecordTable
        labelledBy="products"
        rows={shown}
        columns={columns}
        rowKey={(product) => product.id}
        empty={
          list === 'sticks' ? (
            <Trans>No stick matches this filter.</Trans>
          ) : (
            <Trans>No device matches this filter.</Trans>
          )
        }
      />
    </RecordSection>
  )
}
