import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Customer, LoyaltyRule, Reclamation } from '../../contract/customers.ts'

/** Loyalty earning rules (docs/behaviour.md#records). */
export const loyaltyRuleLabels: Record<LoyaltyRule, MessageDescriptor> = {
  welcome: msg`Welcome`,
  'first-purchase': msg`First purchase`,
  'referred-first-purchase': msg`Referred user's first purchase`,
  birthday: msg`Birthday`,
  anniversary: msg`Anniversary`,
  'device-registered': msg`Device registered`,
  bundle: msg`Bundle`,
  'referral-registered': msg`Referral registered`,
  'referred-first-offline-purchase': msg`Referred user's first offline purchase`,
  'article-silver': msg`Article reading (silver)`,
  'article-gold': msg`Article reading (gold)`,
  'article-black': msg`Article reading (black)`,
  'game-bonus': msg`Game bonus`,
  'accessory-purchase': msg`Accessory purchase`,
}

export const orderChannelLabels: Record<Customer['orders'][number]['channel'], MessageDescriptor> =
  {
    online: msg`Online shop`,
    store: msg`In store`,
  }

export const communicationChannelLabels: Record<
  Customer['communications'][number]['channel'],
  MessageDescriptor
> = {
  email: msg`Email`,
  sms: msg`SMS`,
  phone: msg`Phone call`,
  push: msg`Push notification`,
}

export const verdictLabels: Record<Reclamation['verdict'], MessageDescriptor> = {
  established: msg`Established`,
  'not-established': msg`Not established`,
}
