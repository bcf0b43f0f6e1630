import { once } from 'node:events'
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'

/**
 * A tiny HTTP load balancer for tests and scripts: each request goes to the next target in turn,
 * over kept-alive connections, as a load balancer in front of several API processes would send
 * it. A target that refuses or drops a connection is skipped for `downForMs`; a request that
 * fails on its target is answered 502 (it is not retried here: the client decides, as the PWA's
 * outbox does with its Idempotency-Key). The proxy adds nothing to the request, so the API sees
 * the proxy's address as the client's.
 */
export type RoundRobinProxy = {
  url: string
  /** Requests sent to each target, in the order of `targets`. */
  sent: number[]
  /** Requests answered 502 because their target failed. */
  failed: number
  close: () => Promise<void>
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
])

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)))
}

export async function startRoundRobinProxy(
  targets: readonly string[],
  { port = 0, downForMs = 1000 }: { port?: number; downForMs?: number } = {},
): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const downUntil = targets.map(() => 0)
  const sent = targets.map(() => 0)
  let next = 0
  let failed = 0

  function pick(): number {
    const now = Date.now()
    for (let tried = 0; tried < targets.length; tried += 1) {
      const index = (next + tried) % targets.length
      if ((downUntil[index] ?? 0) <= now) {
        next = index + 1
        return index
      }
    }
    next += 1
    return (next - 1) % targets.length
  }

  const server = createServer((incoming, outgoing) => {
    const index = pick()
    const target = new URL(incoming.url ?? '/', targets[index])
    sent[index] = (sent[index] ?? 0) + 1
    const upstream = httpRequest(
      target,
      { method: incoming.method, headers: forwardable(incoming.headers), agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        answer.pipe(outgoing)
        answer.on('error', () => outgoing.destroy())
      },
    )
    upstream.on('error', () => {
      downUntil[index] = Date.now() + downForMs
      failed += 1
      if (outgoing.headersSent) {
        outgoing.destroy()
        return
      }
      outgoing.writeHead(502, { 'Content-Type': 'application/json' })
      outgoing.end(JSON.stringify({ message: 'Bad gateway' }))
    })
    incoming.pipe(upstream)
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent,
    get failed() {
      return failed
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}
