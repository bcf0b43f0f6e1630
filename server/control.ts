import { chmodSync, existsSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'

/**
 * The running server's control socket on the embedded database: a Unix socket in `DATA_DIR`
 * (readable by whoever may read the data folder, and nobody else), through which the operator's
 * commands ask the server to act on a database that no second process may open (`npm run
 * audit:checkpoint`, `npm run backup`). One JSON request a connection, one JSON answer.
 */
export const controlCommands = ['audit-checkpoint', 'backup'] as const
export type ControlCommand = (typeof controlCommands)[number]

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'control.sock')
}

export function serveControl(
  dataDir: string,
  handle: (command: ControlCommand) => Promise<unknown>,
): Server {
  const path = controlSocketPath(dataDir)
  // A socket file left by a process that died: the folder's lock says no other server is running.
  if (existsSync(path)) rmSync(path)
  // Half-open: the command's end of writing is its request's end; the answer follows it.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => {
      const command = parseCommand(text)
      const answer = command
        ? handle(command).then((result) => ({ result }))
        : Promise.resolve({ error: `unknown command: ${text.slice(0, 100)}` })
      answer
        .catch((error: unknown) => ({ error: String(error) }))
        .then((body) => socket.end(JSON.stringify(body)))
        .catch(() => socket.destroy())
    })
    socket.on('error', () => socket.destroy())
  })
  server.listen(path, () => chmodSync(path, 0o600))
  return server
}

function parseCommand(text: string): ControlCommand | null {
  try {
    const parsed: unknown = JSON.parse(text)
    const command =
      typeof parsed === 'object' && parsed !== null && 'command' in parsed ? parsed.command : null
    return controlCommands.find((known) => known === command) ?? null
  } catch {
    return null
  }
}

/**
 * Asks the server running on `dataDir`; null when none is listening there (the command may then
 * open the database itself).
 */
export async function askServer(dataDir: string, command: ControlCommand): Promise<unknown> {
  const path = controlSocketPath(dataDir)
  if (!existsSync(path)) return null
  const socket = createConnection({ path })
  try {
    await once(socket, 'connect')
  } catch {
    return null
  }
  socket.setEncoding('utf8')
  let text = ''
  socket.on('data', (chunk: string) => {
    text += chunk
  })
  socket.end(JSON.stringify({ command }))
  await once(socket, 'close')
  const answer: unknown = JSON.parse(text)
  if (typeof answer === 'object' && answer !== null && 'result' in answer) return answer.result
  const error = typeof answer === 'object' && answer !== null && 'error' in answer
  throw new Error(error ? String(answer.error) : `the server answered ${text.slice(0, 200)}`)
}
