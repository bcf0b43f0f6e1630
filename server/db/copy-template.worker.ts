/**
 * Copies the template's cluster into a new, empty data folder, on a worker thread that
 * `copyTemplateInto` (pglite-template.ts) starts. The copy is made beside the folder and renamed
 * into place, so that a start cut off while copying leaves an empty folder, not half a cluster.
 */
import { constants, cpSync, renameSync, rmSync } from 'node:fs'
import { workerData } from 'node:worker_threads'
import * as v from 'valibot'

const { template, dataDir } = v.parse(
  v.object({ template: v.string(), dataDir: v.string() }),
  workerData,
)
const copy = `${dataDir}.copying`
rmSync(copy, { recursive: true, force: true })
cpSync(template, copy, { recursive: true, mode: constants.COPYFILE_FICLONE })
renameSync(copy, dataDir)
