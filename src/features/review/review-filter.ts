import { reviewStates, trialFlags, type ReviewState } from '../../contract/review.ts'
import type { TrialSearchQuery } from '../../contract/trial.ts'
import { rangeParams } from '../../api/paging.ts'
import { maxId } from '../../contract/http.ts'
import type { ReviewSearch } from '../../routing/review-search.ts'

/** What the Review screen lists by flag: one of the server's flags, or every trial (`all`). */
export const reviewListFlags = [...trialFlags, 'all'] as const
export type ReviewListFlag = (typeof reviewListFlags)[number]

/** With no `flag` in the URL the screen is the queue: the trials with any flag. */
export const defaultReviewFlag: ReviewListFlag = 'any'

/** The flag the screen shows chosen: the URL's when known, else the queue's (any flag). */
export function chosenFlag(search: ReviewSearch): ReviewListFlag {
  return reviewListFlags.find((flag) => flag === search.flag) ?? defaultReviewFlag
}

/** A store's or a user's id in the URL, when it is one (a positive int4). */
export function recordIdOf(value: ReviewSearch['store']): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= maxId
    ? value
    : undefined
}

/** The review state the URL asks for, when it is one; else every state. */
export function chosenState(search: ReviewSearch): ReviewState | undefined {
  return reviewStates.find((state) => state === search.review)
}

/** The Review screen's filters as the search's query: "all trials" sends no flag. */
export function trialSearchParams(search: ReviewSearch, page: number): TrialSearchQuery {
  const flag = chosenFlag(search)
  const review = chosenState(search)
  const store = recordIdOf(search.store)
  const user = recordIdOf(search.user)
  return {
    page,
    ...(flag === 'all' ? {} : { flag }),
    ...(review === undefined ? {} : { review }),
    ...(store === undefined ? {} : { store }),
    ...(user === undefined ? {} : { user }),
    ...rangeParams(search),
  }
}

/** What the filters' form holds, before Apply. */
export interface ReviewFilterForm {
  flag: ReviewListFlag
  review: ReviewState | ''
  store: number | null
  user: number | null
}

/**
 * The form's choices and days as the URL's search: the default flag and "every state" are left
 * out, so that the plain `/review` is the queue.
 */
export function searchOfForm(
  form: ReviewFilterForm,
  range: Pick<ReviewSearch, 'startAt' | 'endAt'>,
): ReviewSearch {
  return {
    flag: form.flag === defaultReviewFlag ? undefined : form.flag,
    review: form.review === '' ? undefined : form.review,
    store: form.store ?? undefined,
    user: form.user ?? undefined,
    startAt: range.startAt,
    endAt: range.endAt,
  }
}

/** The URL's search as the form's first choices. */
export function formOfSearch(search: ReviewSearch): ReviewFilterForm {
  return {
    flag: chosenFlag(search),
    review: chosenState(search) ?? '',
    store: recordIdOf(search.store) ?? null,
    user: recordIdOf(search.user) ?? null,
  }
}
