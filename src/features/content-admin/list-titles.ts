import { useLingui } from '@lingui/react/macro'
import type { EditionListName } from '../../contract/content-requests.ts'
import type { ConsentName } from './draft-edits.ts'

/** Each list's title as the content screen names it, in the admin's language. */
export function useListTitles(): {
  list: (name: EditionListName) => string
  consent: (name: ConsentName) => string
} {
  const { t } = useLingui()
  const lists: Record<EditionListName, string> = {
    genders: t`Genders`,
    ageRanges: t`Age ranges`,
    habits: t`Habits`,
    consumptions: t`Consumptions`,
    referralSources: t`Referral sources`,
    stickColors: t`Stick colours`,
    'stickImpressions.positive': t`Stick impressions: positive`,
    'stickImpressions.negative': t`Stick impressions: negative`,
    'stickImpressions.neutral': t`Stick impressions: neutral`,
    'deviceImpressions.positive': t`Device impressions: positive`,
    'deviceImpressions.negative': t`Device impressions: negative`,
    'deviceImpressions.neutral': t`Device impressions: neutral`,
    shoppingAnswers: t`Shopping answers`,
    purchaseReasons: t`Purchase reasons`,
    noPurchaseReasons: t`No-purchase reasons`,
  }
  const consents: Record<ConsentName, string> = {
    privacyPolicy: t`Privacy policy consent`,
    analizeData: t`Data analysis consent`,
  }
  return { list: (name) => lists[name], consent: (name) => consents[name] }
}
