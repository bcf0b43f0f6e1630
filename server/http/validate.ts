import * as v from 'valibot'
import type { Context } from 'hono'
import { allMessages } from '#contract/all-messages.ts'
import { messages } from '#contract/messages.ts'
import { HttpError, type InvalidField } from '../http-error.ts'

const messageIds = new Set<string>(allMessages.map((message) => message.id))

/**
 * The issue's message id. A missing key is reported by the object, not by the entry's schema
 * (so without its message): it is required. Texts from valibot itself become "not valid".
 */
function messageOf(issue: v.BaseIssue<unknown>): string {
  if (messageIds.has(issue.message)) return issue.message
  if (issue.path?.at(-1)?.origin === 'key') return messages.required.id
  return messages.invalid.id
}

/** Refuses bytes that are not UTF-8, where a lenient decoder would store U+FFFD in their place. */
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The JSON body as it was sent; an empty body is `{}`, malformed JSON or a body that is not
 * UTF-8 a 400.
 */
export async function readJson(c: Context): Promise<unknown> {
  const bytes = await c.req.arrayBuffer()
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    throw new HttpError(400, messages.invalidRequest.id)
  }
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, messages.invalidRequest.id)
  }
}

/**
 * 400 `{ message, invalidFields: [{ field, message }] }`: one message per field (the first rule
 * that failed), `field` being the dotted path, and `message` the first field's.
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const unstorable = pathOfUnstorable(input)
  if (unstorable !== null) {
    // PostgreSQL text cannot hold U+0000, nor JSON a lone surrogate: refused before any query.
    throw new HttpError(400, messages.invalid.id, {
      invalidFields: [{ field: unstorable, message: messages.invalid.id }],
    })
  }
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  const invalidFields: InvalidField[] = []
  for (const issue of result.issues) {
    const field = v.getDotPath(issue)
    if (field === null || invalidFields.some((item) => item.field === field)) continue
    invalidFields.push({ field, message: messageOf(issue) })
  }
  const first = invalidFields[0]
  if (!first) throw new HttpError(400, messages.invalidRequest.id)
  throw new HttpError(400, first.message, { invalidFields })
}

/**
 * The dotted path of the first string (or key) holding U+0000 or a lone UTF-16 surrogate (not
 * well-formed Unicode), or null when there is none. A
 * walk with its own stack: a body nested a hundred thousand levels deep must not overflow.
 */
function pathOfUnstorable(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, path] = next
    if (typeof value === 'string') {
      if (!storable(value)) return path || 'body'
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    for (const [key, entry] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key
      if (!storable(key)) return here
      stack.push([entry, here])
    }
  }
  return null
}

function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed()
}
