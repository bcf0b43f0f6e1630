/**
 * The SQLSTATE of an error the database answered (`23505`: a unique violation), looked for in the
 * error and its causes (drizzle wraps the driver's error); null for any other failure, such as a
 * connection lost, after which the statement may or may not have committed.
 */
export function sqlStateOf(error: unknown): string | null {
  for (let item: unknown = error; item instanceof Error; item = item.cause) {
    if ('code' in item && typeof item.code === 'string' && /^[0-9A-Z]{5}$/.test(item.code)) {
      return item.code
    }
  }
  return null
}
