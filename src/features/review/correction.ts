import type { Trial } from '../../contract/trial.ts'
import { mergePatch } from './revision-changes.ts'

/** A free text of a trial that a correction may fix: where it is in the answers, and its words. */
export interface CorrectableText {
  /** Its keys under `comment`: none for a simple trial's text, `['tanComment']` for a stick's. */
  path: readonly string[]
  value: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The texts typed into a trial: a simple trial's text; a guided trial's comments on the sticks
 * tried and on why the customer did not buy, those that hold words. Read from what the trial's
 * `comment` holds, whatever it is: a quarantined trial's answers were refused, so not typed.
 */
export function correctableTexts(comment: unknown): CorrectableText[] {
  if (typeof comment === 'string') return [{ path: [], value: comment }]
  if (!isRecord(comment)) return []
  const texts: CorrectableText[] = []
  for (const [key, value] of Object.entries(comment)) {
    if (key.endsWith('Comment') && typeof value === 'string' && value !== '')
      texts.push({ path: [key], value })
  }
  const why = isRecord(comment.shoppingUnsuccess) ? comment.shoppingUnsuccess.comment : undefined
  if (typeof why === 'string' && why !== '')
    texts.push({ path: ['shoppingUnsuccess', 'comment'], value: why })
  return texts
}

/** A text's key in a form: its path joined, `''` for a simple trial's text. */
export function textKey(text: Pick<CorrectableText, 'path'>): string {
  return text.path.join('.')
}

/** `value` under `path`: `['a', 'b']` and `'x'` make `{ a: { b: 'x' } }`. */
function underPath(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value)
}

/**
 * The merge patch on `{ store_id, comment }` that makes a trial's answers what a form says: the
 * store when another is chosen, and each of `texts` (by `textKey`) typed differently; `{}` when
 * nothing differs.
 */
export function patchOf(
  current: { storeId: number | null; texts: readonly CorrectableText[] },
  form: { storeId: number | null; texts: Readonly<Record<string, string>> },
): Record<string, unknown> {
  const patch: Record<string, unknown> = {}
  if (form.storeId !== null && form.storeId !== current.storeId) patch.store_id = form.storeId
  let comment: unknown = undefined
  for (const text of current.texts) {
    const typed = form.texts[textKey(text)]
    if (typed !== undefined && typed !== text.value)
      comment = mergePatch(comment, underPath(text.path, typed))
  }
  if (comment !== undefined) patch.comment = comment
  return patch
}

/**
 * The correction's merge patch (docs/api.md#review) that makes the trial what the form says: only
 * what differs, null when nothing does.
 */
export function correctionPatch(
  trial: Pick<Trial, 'store' | 'comment'>,
  form: { storeId: number; texts: Readonly<Record<string, string>> },
): Record<string, unknown> | null {
  const patch = patchOf({ storeId: trial.store.id, texts: correctableTexts(trial.comment) }, form)
  return Object.keys(patch).length === 0 ? null : patch
}
