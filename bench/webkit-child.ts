import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { projectDir } from './server.ts'

/**
 * Runs a bench file written in the WebKit suite's world (tests/webkit/harness.ts: its own server
 * on `port`, WebKitGTK's WebDriver under Xvfb) as a child process, and answers the JSON it wrote
 * to the file `WEBKIT_RESULT` names, checked against `schema`. `env` adds the file's own settings.
 */
export async function runInWebKit<T>(
  file: string,
  port: number,
  schema: v.GenericSchema<unknown, T>,
  env: Record<string, string> = {},
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-webkit-'))
  const resultFile = join(folder, 'result.json')
  try {
    const child = spawn(process.execPath, [file], {
      cwd: projectDir,
      env: { ...process.env, ...env, WEBKIT_PORT: String(port), WEBKIT_RESULT: resultFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`${file} exited ${code}:\n${output}`)
    return v.parse(schema, JSON.parse(readFileSync(resultFile, 'utf8')))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
