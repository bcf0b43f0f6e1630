import * as v from 'valibot'

/** The first issue's message id of each field (dotted path), in the schema's order. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? ''
    if (!(path in errors)) errors[path] = issue.message
  }
  return errors
}

/** Issues of one schema for a value, as field errors; none when the value is valid. */
export function validate(schema: v.GenericSchema, value: unknown): Record<string, string> {
  const result = v.safeParse(schema, value)
  return result.success ? {} : fieldErrors(result.issues)
}
