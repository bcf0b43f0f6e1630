import * as v from 'valibot'
import { packSchema } from '../../contract/catalogue.ts'
import { consentNames, consentSetters } from '../../contract/consents.ts'
import { localeSchema } from '../../contract/locale.ts'
import { countries, storeSchema } from '../../contract/stores.ts'
import {
  chosenProductSchema,
  deviceImpressionSchema,
  stickImpressionSchema,
} from '../../contract/trial.ts'
import { shoppingAnswers } from '../../contract/trial-options.ts'
import {
  isQuotaError,
  offlineDatabase,
  type Draft,
  type StrandedDraft,
} from '../../offline/database.ts'
import { dropPackImages } from '../../offline/pack-image-list.ts'
import { writeMakingRoom } from '../../offline/storage-room.ts'
import { openFromDevice, sealForDevice } from '../../offline/vault.ts'
import { isEncrypted } from '../../offline/vault-crypto.ts'
import type { User } from '../../contract/auth.ts'
import { countryOfLocale } from '../../contract/countries.ts'
import type { WizardState } from './wizard-state.ts'
import { whenIdle } from '../../ui/when-idle.ts'

/** An answer's key: the wizard offers its edition's, and the server checks them. */
const key = v.string()

/**
 * The wizard's state as a draft holds it. Drafts written before a wizard had its trial id and its
 * store's country have the reader's locale instead: they get an id and a country when read.
 */
const draftSchema = v.object({
  trialId: v.optional(v.pipe(v.string(), v.uuid())),
  country: v.optional(v.picklist(countries)),
  locale: v.optional(localeSchema),
  choosesStore: v.boolean(),
  stepIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
  // Absent from drafts of builds before content editions: those are sent as edition 1's.
  contentEdition: v.optional(v.nullable(v.number()), null),
  answers: v.object({
    store: v.nullable(storeSchema),
    gender: v.nullable(key),
    ageRange: v.nullable(key),
    habits: v.array(key),
    habitsHTS: v.object({ brandFamily: v.nullable(v.string()), pack: v.nullable(packSchema) }),
    habitsRMC: v.object({
      brandFamily: v.nullable(v.string()),
      pack: v.nullable(packSchema),
      other: v.string(),
    }),
    consumption: v.nullable(key),
    referalSource: v.array(key),
    email: v.object({
      email: v.string(),
      phone: v.string(),
      emailChecked: v.boolean(),
      phoneChecked: v.boolean(),
      privacyPolicy: v.boolean(),
      analizeData: v.boolean(),
      // Absent from drafts of builds that did not record how the boxes were set.
      consentsSet: v.optional(
        v.record(
          v.picklist(consentNames),
          v.object({ by: v.picklist(consentSetters), locale: localeSchema }),
        ),
        {},
      ),
    }),
    consumptionOrder: v.object({
      order: v.array(key),
      multiple: v.boolean(),
      counts: v.record(key, v.number()),
    }),
    stickImpressions: v.record(key, stickImpressionSchema),
    stickComments: v.record(key, v.string()),
    device: v.object({
      product: v.nullable(chosenProductSchema),
      impressions: deviceImpressionSchema,
    }),
    shopping: v.nullable(v.picklist(shoppingAnswers)),
    shoppingSuccess: v.object({
      reason: v.array(key),
      device: v.nullable(chosenProductSchema),
      sticks: v.array(v.object({ ...chosenProductSchema.entries, quantity: v.number() })),
    }),
    shoppingUnsuccess: v.object({
      reason: v.array(key),
      comment: v.string(),
    }),
  }),
})

/**
 * The user's unfinished trial, if the device has one (it survives a reload and a closed tab). A
 * draft this build cannot restore (its shape is not the wizard's any more) is never dropped: it is
 * moved to the stranded drafts, where `strandedDrafts` finds it with its answers as they were.
 */
export async function loadDraft(
  user: Pick<User, 'id' | 'expertStore'>,
): Promise<WizardState | null> {
  try {
    const db = offlineDatabase()
    const draft = await db.drafts.get(user.id)
    if (!draft) return null
    const parsed = v.safeParse(draftSchema, await openedState(user.id, draft.state))
    if (!parsed.success) {
      await strandDraft(draft)
      return null
    }
    const { trialId, country, locale, ...state } = parsed.output
    return {
      ...state,
      trialId: trialId ?? crypto.randomUUID(),
      country:
        country ??
        state.answers.store?.country ??
        user.expertStore?.country ??
        countryOfLocale[locale ?? 'me'],
    }
  } catch {
    return null
  }
}

/**
 * A draft's state as the wizard wrote it: drafts are sealed under the user's data key
 * (docs/security.md); one of a build before the PIN is in the clear. Throws when it cannot be
 * opened (locked, or sealed under a key that is gone).
 */
function openedState(userId: number, state: unknown): Promise<unknown> {
  return isEncrypted(state) ? openFromDevice(userId, state) : Promise.resolve(state)
}

/** Moves a draft that cannot be restored aside, in one transaction, unless it was replaced. */
async function strandDraft(draft: Draft): Promise<void> {
  const db = offlineDatabase()
  await db.transaction('rw', db.drafts, db.strandedDrafts, async () => {
    const current = await db.drafts.get(draft.userId)
    if (current?.updatedAt !== draft.updatedAt) return
    await db.strandedDrafts.add({ ...draft, strandedAt: new Date().toISOString() })
    await db.drafts.delete(draft.userId)
  })
}

/** This user's drafts that could not be restored, oldest first, opened. */
export async function strandedDrafts(userId: number): Promise<StrandedDraft[]> {
  try {
    const kept = await offlineDatabase()
      .strandedDrafts.where('userId')
      .equals(userId)
      .sortBy('updatedAt')
    const opened = await Promise.all(
      kept.map(async (draft) => ({ ...draft, state: await openedState(userId, draft.state) })),
    )
    return opened
  } catch {
    return []
  }
}

/** The author's deliberate choice: a stranded draft is thrown away. */
export function discardStrandedDraft(id: number): Promise<void> {
  return offlineDatabase().strandedDrafts.delete(id)
}

/**
 * The draft as kept: its state sealed under the user's data key (which must be open), its trial id
 * in the clear for the Finish that drops it. `appVersion`: the build writing it (null where unknown).
 */
async function draftRecord(
  userId: number,
  state: WizardState,
  appVersion: string | null,
): Promise<Draft> {
  const sealed = await sealForDevice(userId, state)
  return {
    userId,
    state: sealed,
    trialId: state.trialId,
    updatedAt: new Date().toISOString(),
    appVersion,
  }
}

export async function saveDraft(
  userId: number,
  state: WizardState,
  appVersion: string | null = null,
): Promise<void> {
  const record = await draftRecord(userId, state, appVersion)
  // A full device gives up its pack images before a draft (docs/behaviour.md#offline).
  await writeMakingRoom(() => offlineDatabase().drafts.put(record), dropPackImages)
}

/**
 * Writes the draft in one IndexedDB transaction, committed at once: lighter than a Dexie write
 * (nothing watches the drafts, so no change tracking is needed), and kept even when the page is
 * being hidden or unloaded (a Dexie write commits a round trip later, which an unloading page never
 * gets). While the database is not open yet, Dexie opens it and writes.
 */
export function writeDraft(
  userId: number,
  state: WizardState,
  appVersion: string | null = null,
): Promise<void> {
  const db = offlineDatabase()
  // Sealing takes the data key at once: a lock that follows this call does not stop the write.
  return draftRecord(userId, state, appVersion).then(
    (record) => {
      try {
        if (!db.isOpen()) throw new Error('not open yet')
        const transaction = db.backendDB().transaction('drafts', 'readwrite')
        transaction.onabort = () => {
          // The device is full: the draft is written again once the pack images have made room.
          if (isQuotaError(transaction.error)) {
            void writeMakingRoom(() => db.drafts.put(record), dropPackImages).catch(() => undefined)
          } else console.warn('the draft was not saved', transaction.error)
        }
        transaction.objectStore('drafts').put(record)
        transaction.commit()
      } catch {
        writeMakingRoom(() => db.drafts.put(record), dropPackImages).catch((error: unknown) =>
          console.warn('the draft was not saved', error),
        )
      }
    },
    (error: unknown) => console.warn('the draft was not sealed', error),
  )
}

/**
 * When a change is written: once no other change followed for `quiet` ms (a burst of changes, such
 * as typing or the answers and the step change of one screen, makes one write), at the latest
 * about `most` ms after the first change not written yet (changes that never pause), and not
 * sooner than `least` ms after a change made before then (even one waiting for the browser to be
 * idle); then as soon as the browser is idle, so that a step change is drawn before anything is
 * written, however slow the device.
 */
export const draftSaveDelay = { least: 150, quiet: 250, most: 2000 }

/** Writes the wizard's draft a little after its changes. */
export interface DraftWriter {
  /** `state` is to be written; a newer state replaces one that has not been written yet. */
  schedule: (state: WizardState) => void
  /** Writes at once what waits (the page hides or unloads, or the wizard is left). */
  flush: () => void
  /** Forgets what waits: the trial was finished or given up, its draft must not come back. */
  cancel: () => void
}

export function createDraftWriter(
  write: (state: WizardState) => void,
  delay = draftSaveDelay,
  idle = whenIdle,
): DraftWriter {
  let waiting: WizardState | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let cancelIdle: (() => void) | undefined
  let deadline = 0
  const stop = () => {
    clearTimeout(timer)
    timer = undefined
    cancelIdle?.()
    cancelIdle = undefined
  }
  const flush = () => {
    stop()
    if (waiting === null) return
    const state = waiting
    waiting = null
    write(state)
  }
  return {
    schedule: (state) => {
      const now = Date.now()
      if (waiting === null) deadline = now + delay.most
      waiting = state
      // Past the limit the write set stays set. Before it, a change waits again even when the
      // write was only waiting for the browser to be idle: the change is most often a step change
      // whose frames are still to be drawn, and an idle moment between them would put the write
      // (a structured clone and an IndexedDB transaction) into the step change's work.
      if (now >= deadline && (cancelIdle !== undefined || timer !== undefined)) return
      stop()
      const wait = Math.max(delay.least, Math.min(delay.quiet, deadline - now))
      timer = setTimeout(() => {
        timer = undefined
        cancelIdle = idle(flush)
      }, wait)
    },
    flush,
    cancel: () => {
      stop()
      waiting = null
    },
  }
}

export function dropDraft(userId: number): Promise<void> {
  return offlineDatabase().drafts.delete(userId)
}
