import { type Author } from './authors.ts'
import type { CopyWriter } from './copy.ts'

/* The table `store_logs`: each generated manager's stints at their stores. */

export function* storeLogRows(out: CopyWriter, authors: Author[]) {
  for (const author of authors) {
    author.stints.forEach((stint, index) => {
      const next = author.stints[index + 1]
      const logoutAt = next
        ? new Date(next.from - ((author.id + index) % 300) * 60_000 - 60_000)
        : null
      out.write([out.nextId(), author.id, stint.storeId, new Date(stint.from), logoutAt])
    })
    yield
  }
}
