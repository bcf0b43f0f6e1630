import * as v from 'valibot'
import { packSchema } from '../../contract/catalogue.ts'
import { localeSchema } from '../../contract/locale.ts'
import { countries, storeSchema } from '../../contract/stores.ts'
import {
  chosenProductSchema,
  deviceImpressionSchema,
  stickImpressionSchema,
} from '../../contract/trial.ts'
import {
  ageRanges,
  consumptions,
  genders,
  habits,
  noPurchaseReasons,
  purchaseReasons,
  referralSources,
  shoppingAnswers,
  stickColors,
} from '../../contract/trial-options.ts'
import { isQuotaError, offlineDatabase } from '../../offline/database.ts'
import { dropPackImages } from '../../offline/pack-image-list.ts'
import { writeMakingRoom } from '../../offline/storage-room.ts'
import type { User } from '../../contract/auth.ts'
import { countryOfLocale, type WizardState } from './wizard-state.ts'
import { whenIdle } from '../../ui/when-idle.ts'

const stick = v.picklist(stickColors)

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
  answers: v.object({
    store: v.nullable(storeSchema),
    gender: v.nullable(v.picklist(genders)),
    ageRange: v.nullable(v.picklist(ageRanges)),
    habits: v.array(v.picklist(habits)),
    habitsHTS: v.object({ brandFamily: v.nullable(v.string()), pack: v.nullable(packSchema) }),
    habitsRMC: v.object({
      brandFamily: v.nullable(v.string()),
      pack: v.nullable(packSchema),
      other: v.string(),
    }),
    consumption: v.nullable(v.picklist(consumptions)),
    referalSource: v.array(v.picklist(referralSources)),
    email: v.object({
      email: v.string(),
      phone: v.string(),
      emailChecked: v.boolean(),
      phoneChecked: v.boolean(),
      privacyPolicy: v.boolean(),
      analizeData: v.boolean(),
    }),
    consumptionOrder: v.object({
      order: v.array(stick),
      multiple: v.boolean(),
      counts: v.record(stick, v.number()),
    }),
    stickImpressions: v.record(stick, stickImpressionSchema),
    stickComments: v.record(stick, v.string()),
    device: v.object({
      product: v.nullable(chosenProductSchema),
      impressions: deviceImpressionSchema,
    }),
    shopping: v.nullable(v.picklist(shoppingAnswers)),
    shoppingSuccess: v.object({
      reason: v.array(v.picklist(purchaseReasons)),
      device: v.nullable(chosenProductSchema),
      sticks: v.array(v.object({ ...chosenProductSchema.entries, quantity: v.number() })),
    }),
    shoppingUnsuccess: v.object({
      reason: v.array(v.picklist(noPurchaseReasons)),
      comment: v.string(),
    }),
  }),
})

/** The user's unfinished trial, if the device has one (it survives a reload and a closed tab). */
export async function loadDraft(
  user: Pick<User, 'id' | 'expertStore'>,
): Promise<WizardState | null> {
  try {
    const draft = await offlineDatabase().drafts.get(user.id)
    const parsed = v.safeParse(draftSchema, draft?.state)
    if (!parsed.success) return null
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

function draftRecord(userId: number, state: WizardState) {
  return { userId, state, updatedAt: new Date().toISOString() }
}

export function saveDraft(userId: number, state: WizardState): Promise<void> {
  // A full device gives up its pack images before a draft (docs/behaviour.md#offline).
  return writeMakingRoom(
    () => offlineDatabase().drafts.put(draftRecord(userId, state)),
    dropPackImages,
  ).then(() => undefined)
}

/**
 * Writes the draft in one IndexedDB transaction, committed at once: lighter than a Dexie write
 * (nothing watches the drafts, so no change tracking is needed), and kept even when the page is
 * being hidden or unloaded (a Dexie write commits a round trip later, which an unloading page never
 * gets). While the database is not open yet, Dexie opens it and writes.
 */
export function writeDraft(userId: number, state: WizardState): void {
  const db = offlineDatabase()
  try {
    if (!db.isOpen()) throw new Error('not open yet')
    const transaction = db.backendDB().transaction('drafts', 'readwrite')
    transaction.onabort = () => {
      // The device is full: the draft is written again once the pack images have made room.
      if (isQuotaError(transaction.error)) void saveDraft(userId, state).catch(() => undefined)
      else console.warn('the draft was not saved', transaction.error)
    }
    transaction.objectStore('drafts').put(draftRecord(userId, state))
    transaction.commit()
  } catch {
    saveDraft(userId, state).catch((error: unknown) =>
      console.warn('the draft was not saved', error),
    )
  }
}

/**
 * When a change is written: once no other change followed for `quiet` ms (a burst of changes, such
 * as typing or the answers and the step change of one screen, makes one write), at the latest
 * about `most` ms after the first change not written yet (changes that never pause), and not
 * sooner than `least` ms after a change made before then; then as soon as the browser is idle, so
 * that a step change is drawn before anything is written, however slow the device.
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
      // Past the limit, or once waiting for the browser to be idle, the write set stays set.
      if (cancelIdle !== undefined || (timer !== undefined && now >= deadline)) return
      clearTimeout(timer)
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
