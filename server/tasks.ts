import type { Logger } from './log.ts'

/**
 * Work that goes on after the answer was sent (such as mail, so that an answer does not reveal
 * whether there was any). Shutdown, and tests, wait for it with `idle()`.
 */
export type Tasks = {
  run: (name: string, job: () => Promise<void>) => void
  idle: () => Promise<void>
}

export function createTasks(logger: Logger): Tasks {
  const pending = new Set<Promise<void>>()
  return {
    run(name, job) {
      const task: Promise<void> = Promise.resolve()
        .then(job)
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'task failed'))
        .finally(() => pending.delete(task))
      pending.add(task)
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}
