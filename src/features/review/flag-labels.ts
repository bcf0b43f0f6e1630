import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ReviewListFlag } from './review-filter.ts'

/** The Review screen's choices of flag, as its filter offers them. */
export const reviewListFlagLabels: Record<ReviewListFlag, MessageDescriptor> = {
  any: msg`Any flag`,
  duplicate: msg`Possible duplicate`,
  late: msg`Captured long before it arrived`,
  clock: msg`Device clock off`,
  store: msg`Not the author's own store`,
  all: msg`All trials`,
}
