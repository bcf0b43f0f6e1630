import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useSelector } from '@tanstack/react-store'
import { useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { config } from '../../config.ts'
import { fetchEditionInUse } from '../../offline/fetch-edition-in-use.ts'
import { heldMark, subscribeEditions } from '../../offline/held-edition.ts'
import { usePackImageProgress } from '../../offline/pack-image-progress.ts'
import { countCachedPackImages, rememberedPackImages } from '../../offline/pack-image-list.ts'
import { catalogueFetchedAt, isReadyForOffline } from '../../offline/readiness.ts'
import { lookupsKeptAt } from '../../offline/persist-lookups.ts'
import { cachePackImages, updateWaiting } from '../../offline/service-worker.ts'
import {
  askPersistentStorage,
  isStorageNearlyFull,
  readStorageState,
  type StorageState,
} from '../../offline/storage-state.ts'
import { Button } from '../../ui/button.tsx'
import { cx } from '../../ui/cx.ts'
import { intlTag, parseLocale } from '../../contract/locale.ts'
import cardStyles from '../../ui/card.module.css'
import styles from './ready-panel.module.css'

const megabyte = 1024 * 1024

/**
 * "Ready for offline": what this device holds for a day without a connection, and what to do
 * where it falls short (docs/behaviour.md#offline).
 */
export function ReadyPanel() {
  const { t, i18n } = useLingui()
  const tag = intlTag[parseLocale(i18n.locale)]
  const number = new Intl.NumberFormat(tag)
  // Formatted here rather than with the outbox's `Moment`: a module both screens shared would
  // join a chunk that the trial path loads.
  const moment = (value: string) => (
    <time dateTime={value}>
      {new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(value),
      )}
    </time>
  )
  const queryClient = useQueryClient()
  const waiting = useSelector(updateWaiting)
  const downloading = usePackImageProgress()
  const [images, setImages] = useState<{ cached: number; total: number } | undefined>()
  const [storage, setStorage] = useState<StorageState | undefined>()
  const [asking, setAsking] = useState(false)
  const [fetching, setFetching] = useState(false)
  const held = useSyncExternalStore(subscribeEditions, heldMark)
  const edition = held?.current
  const [takingEdition, setTakingEdition] = useState(false)

  // The worker is active once it has kept the app's files.
  const [shellKept, setShellKept] = useState(false)
  useEffect(() => {
    if ('serviceWorker' in navigator)
      void navigator.serviceWorker.ready.then(() => setShellKept(true))
  }, [])

  const readImages = useCallback(() => {
    void countCachedPackImages().then(setImages, () => setImages(undefined))
  }, [])
  const inProgress = downloading !== null && downloading.done < downloading.total
  // Counted again once a download ends, not at each step of it: counting looks every image up in
  // the worker's cache, which on a first morning's 500 would slow the download it counts (its
  // progress shows meanwhile).
  useEffect(() => {
    if (!inProgress) readImages()
  }, [readImages, inProgress])
  useEffect(() => {
    if (!inProgress) void readStorageState().then(setStorage)
  }, [inProgress])

  const catalogueAt = catalogueFetchedAt(queryClient)
  const lookupsAt = lookupsKeptAt()
  const iso = (time: number | undefined) => (time ? new Date(time).toISOString() : undefined)
  const catalogueTime = iso(catalogueAt)
  const lookupsTime = iso(lookupsAt)

  const fetchMissing = () => {
    if (fetching || inProgress) return
    setFetching(true)
    void cachePackImages(rememberedPackImages()).finally(() => setFetching(false))
  }
  const takeEdition = () => {
    if (takingEdition) return
    setTakingEdition(true)
    void fetchEditionInUse().finally(() => setTakingEdition(false))
  }
  const askAgain = () => {
    if (asking) return
    setAsking(true)
    void askPersistentStorage()
      .then(() => readStorageState())
      .then(setStorage)
      .finally(() => setAsking(false))
  }

  const full = storage !== undefined && isStorageNearlyFull(storage)
  const ready = isReadyForOffline({
    shell: shellKept,
    catalogue: catalogueTime !== undefined,
    edition: held !== undefined,
    images,
    lookups: lookupsTime !== undefined,
  })
  return (
    <section className={cx(cardStyles.card, styles.panel)} aria-labelledby="ready-heading">
      <h2 id="ready-heading">
        <Trans>Ready for offline</Trans>
      </h2>
      <p role="status" className={ready ? undefined : styles.warning}>
        {ready ? (
          <Trans>This device is ready for a day offline.</Trans>
        ) : (
          <Trans>
            This device is not ready for a day offline yet: what it lacks is marked below.
          </Trans>
        )}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans>App version</Trans>
          </dt>
          <dd>
            {config.appVersion}
            {waiting ? (
              <span className={styles.note}>
                {' '}
                <Trans>A newer version is waiting.</Trans>
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Trial catalogue</Trans>
          </dt>
          <dd>
            {catalogueTime ? (
              <span>
                <Trans>Fetched {moment(catalogueTime)}</Trans>
              </span>
            ) : (
              <span className={styles.warning}>
                <Trans>Not on this device yet</Trans>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Content</Trans>
          </dt>
          <dd>
            {held ? (
              <span>
                <Trans>
                  Edition {edition}, fetched {moment(held.fetchedAt)}
                </Trans>
              </span>
            ) : (
              <span className={styles.warning}>
                <Trans>Not fetched yet</Trans>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Pack images</Trans>
          </dt>
          <dd>
            {images === undefined ? (
              '…'
            ) : (
              <span className={images.cached < images.total ? styles.warning : undefined}>
                <Trans>
                  {images.cached} of {images.total} kept on this device
                </Trans>
              </span>
            )}
            {inProgress && (
              <span className={styles.progress} role="status">
                <Trans>
                  Downloading {downloading.done} of {downloading.total}
                </Trans>
                <progress max={downloading.total} value={downloading.done} />
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Kept look-ups</Trans>
          </dt>
          <dd>
            {lookupsTime ? (
              <span>
                <Trans>Saved {moment(lookupsTime)}</Trans>
              </span>
            ) : (
              <Trans>None kept yet</Trans>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Storage</Trans>
          </dt>
          <dd>
            {storage?.usage !== undefined && storage.quota !== undefined ? (
              <span className={full ? styles.warning : undefined}>
                {t`${number.format(Math.round(storage.usage / megabyte))} MB of ${number.format(Math.round(storage.quota / megabyte))} MB used`}
              </span>
            ) : (
              <Trans>Unknown</Trans>
            )}
            {full && (
              <span className={styles.alert} role="alert">
                <Trans>
                  The device is nearly full. Send the waiting trials and free some room: pack images
                  are removed first when a trial does not fit.
                </Trans>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Persistent storage</Trans>
          </dt>
          <dd>
            {storage?.persisted ? (
              <Trans>Granted: the browser keeps this app's data when room runs short.</Trans>
            ) : (
              <span className={styles.warning}>
                <Trans>
                  Not granted: the browser may delete this app's data when room runs short.
                </Trans>
              </span>
            )}
          </dd>
        </div>
      </dl>
      <div className={cardStyles.actions}>
        {images !== undefined && images.cached < images.total && (
          <Button variant="secondary" loading={fetching || inProgress} onClick={fetchMissing}>
            <Trans>Download the missing images</Trans>
          </Button>
        )}
        {!held && (
          <Button variant="secondary" loading={takingEdition} onClick={takeEdition}>
            <Trans>Fetch the content</Trans>
          </Button>
        )}
        {storage !== undefined && !storage.persisted && (
          <Button variant="secondary" loading={asking} onClick={askAgain}>
            <Trans>Ask for persistent storage again</Trans>
          </Button>
        )}
      </div>
    </section>
  )
}
