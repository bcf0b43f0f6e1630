import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** An embedded database's folder held by this process; `release` lets another open it. */
export type FolderLock = { release: () => void }

/** The lock file of a folder: beside it, since a new folder is renamed into place whole. */
export function lockFileOf(folder: string): string {
  return `${folder}.lock`
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined
}

/** The process id a lock file names, or null when it names none (gone, or never written). */
function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null
    throw error
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // The process is there, and belongs to another user.
    return errorCode(error) === 'EPERM'
  }
}

/**
 * Takes the lock of an embedded database's folder (PGlite), so that no second process opens it:
 * two would each write the cluster as if alone and corrupt it, and PGlite does not stop them. The
 * lock file holds the owner's process id, written whole (made aside, then linked into place). A
 * lock this process holds already is taken again; one of a process that is no longer running
 * (killed, crashed) is taken over; a running owner's is refused with an error that names it.
 * Two processes taking over the same stale lock at the same instant could both succeed: a
 * restart after a crash is one process, not a race.
 */
export function lockFolder(folder: string): FolderLock {
  const file = lockFileOf(folder)
  mkdirSync(dirname(file), { recursive: true })
  const written = `${file}.${process.pid}`
  writeFileSync(written, `${process.pid}\n`)
  try {
    for (;;) {
      try {
        linkSync(written, file)
        break
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error
      }
      const owner = ownerOf(file)
      if (owner === process.pid) break
      if (owner !== null && isRunning(owner)) {
        throw new Error(
          `The database folder ${folder} is in use by process ${owner} (stop it first).`,
        )
      }
      rmSync(file, { force: true })
    }
  } finally {
    rmSync(written, { force: true })
  }
  return {
    release: () => {
      if (ownerOf(file) === process.pid) rmSync(file, { force: true })
    },
  }
}
