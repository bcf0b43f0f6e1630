import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))

/** A `node server/main.ts` process of a test, once it listens. */
export type ServerProcess = {
  name: string
  url: string
  child: ChildProcess
  output: string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts `node server/main.ts` with the test's environment over this one's and waits for its
 * "listening on" line (printed once it is ready), or fails with its output if it ends first.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: projectDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      output.push(text)
      const listening = /listening on (http:\/\/\S+)/.exec(text)
      if (listening?.[1]) resolve(listening[1])
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    void exited.then(({ code, signal }) =>
      reject(new Error(`${name} ended (${code ?? signal}) before listening:\n${output.join('')}`)),
    )
  })
  return { name, url, child, output, exited }
}
