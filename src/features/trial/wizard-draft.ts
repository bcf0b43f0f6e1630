import * as v from 'valibot'
import { packSchema } from '../../contract/catalogue.ts'
import { localeSchema } from '../../contract/locale.ts'
import { storeSchema } from '../../contract/stores.ts'
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
import { offlineDatabase } from '../../offline/database.ts'
import type { WizardState } from './wizard-state.ts'

const stick = v.picklist(stickColors)

/** The wizard's state as a draft holds it; a draft of another shape (an older app) is ignored. */
const draftSchema = v.object({
  locale: localeSchema,
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
export async function loadDraft(userId: number): Promise<WizardState | null> {
  try {
    const draft = await offlineDatabase().drafts.get(userId)
    const parsed = v.safeParse(draftSchema, draft?.state)
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export function saveDraft(userId: number, state: WizardState): Promise<void> {
  return offlineDatabase()
    .drafts.put({ userId, state, updatedAt: new Date().toISOString() })
    .then(() => undefined)
}

export function dropDraft(userId: number): Promise<void> {
  return offlineDatabase().drafts.delete(userId)
}
