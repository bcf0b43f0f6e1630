import * as v from 'valibot'
import { codeSearchParam, dateRangeSearchSchema, numberSearchParam } from './route-params.ts'

/**
 * The Review screen's filters in the URL (`/review?flag=duplicate&review=unreviewed&store=&user=`
 * and the days; the quarantine's `/review?flag=quarantined&state=&user=&device=`): anything
 * unreadable is dropped, not refused. Read loosely here, as the audit
 * log's act is: the lists of flags and states are the review's contract, kept out of the route tree
 * every screen loads; the screen narrows them (src/features/review/review-filter.ts).
 */
export const reviewSearchSchema = v.object({
  ...dateRangeSearchSchema.entries,
  flag: codeSearchParam,
  review: codeSearchParam,
  store: numberSearchParam,
  user: numberSearchParam,
  state: codeSearchParam,
  device: codeSearchParam,
})
export type ReviewSearch = v.InferOutput<typeof reviewSearchSchema>

/** The Review screen's quarantine, beside the flagged trials (the Devices screen links to it). */
export const quarantineFlag = 'quarantined'
