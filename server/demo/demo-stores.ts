import * as v from 'valibot'
import { storeSchema } from '#contract/stores.ts'
import stores from './demo-stores.json' with { type: 'json' }

const demoStoreSchema = v.pick(storeSchema, ['name', 'address', 'city', 'country'])
type DemoStore = v.InferOutput<typeof demoStoreSchema>

/** The demo data's stores (demo-stores.json): shops across Serbia and Montenegro. */
export const demoStores: readonly DemoStore[] = v.parse(v.array(demoStoreSchema), stores)
