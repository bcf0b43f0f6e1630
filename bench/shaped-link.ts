import { connect, createServer, type Server, type Socket } from 'node:net'
import { storeWifi } from '../tests/support/store-link.ts'

/**
 * A store's link as a TCP proxy in front of the app: every byte between the browser and the
 * server, the page's and its service worker's alike, crosses one shared bottleneck each way (9
 * Mbit/s down, 3 up) and half the round trip's delay each way, and a new connection costs a
 * round trip before its first byte. Unlike the browser's own emulation (tests/support/store-link.ts),
 * which throttles a target once it runs, it holds from the first request of a new device, before
 * any service worker exists; and it counts what crosses it, and which paths were asked for.
 *
 * The browser's origin is the proxy's (`url`); `forwardTo` points it at another server, the same
 * origin for the browser (an update deployed behind it).
 */

/** One direction of the link: bytes leave in order at its rate, and arrive after its delay. */
class Direction {
  private freeAt = 0
  private readonly bytesPerMs: number
  private readonly delayMs: number
  constructor(bytesPerMs: number, delayMs: number) {
    this.bytesPerMs = bytesPerMs
    this.delayMs = delayMs
  }

  /** When `size` bytes handed to the link now arrive at the other end (ms, performance.now()). */
  arrival(size: number, notBefore = 0): number {
    const start = Math.max(performance.now(), this.freeAt, notBefore)
    this.freeAt = start + size / this.bytesPerMs
    return this.freeAt + this.delayMs
  }
}

/** What crossed the link since the last `reset`. */
export type LinkCount = {
  /** Bytes from the server to the browser (headers and bodies, as sent). */
  down: number
  up: number
  /** Each request's method and path, in the order they were sent. */
  requests: string[]
  /** When each of `requests` was sent, in ms since the count began. */
  sentAt: number[]
}

export type ShapedLink = {
  url: string
  /** From now on, new connections go to the server on `port`. */
  forwardTo: (port: number) => void
  /** Down: every connection is cut, and new ones are refused until `up`. */
  down: () => void
  up: () => void
  count: () => LinkCount
  reset: () => void
  close: () => Promise<void>
}

const bytesPerMs = (mbps: number) => (mbps * 1_000_000) / 8 / 1000
const requestLine = /(?:^|\r\n)(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.1\r\n/g

export async function shapedLink(
  serverPort: number,
  link: { downMbps: number; upMbps: number; roundTripMs: number } = storeWifi,
): Promise<ShapedLink> {
  const oneWay = link.roundTripMs / 2
  const downstream = new Direction(bytesPerMs(link.downMbps), oneWay)
  const upstream = new Direction(bytesPerMs(link.upMbps), oneWay)
  let target = serverPort
  let isDown = false
  let countedSince = performance.now()
  let counted: LinkCount = { down: 0, up: 0, requests: [], sentAt: [] }
  const open = new Set<Socket>()

  /**
   * Sends what `from` reads to `to` through `direction`: each chunk, and the end, when it arrives,
   * in the order read (one timer per queue: timers of different delays may fire out of order
   * within a millisecond).
   */
  const pipe = (
    from: Socket,
    to: Socket,
    direction: Direction,
    tally: (chunk: Buffer) => void,
    firstAt = 0,
  ) => {
    const queue: { at: number; chunk: Buffer | null }[] = []
    let timer: ReturnType<typeof setTimeout> | undefined
    const pump = () => {
      timer = undefined
      const now = performance.now()
      for (let head = queue[0]; head !== undefined && head.at <= now; head = queue[0]) {
        queue.shift()
        if (head.chunk === null) to.end()
        else if (to.writable) to.write(head.chunk)
      }
      const next = queue[0]
      if (next) timer = setTimeout(pump, Math.max(1, next.at - now))
    }
    const push = (at: number, chunk: Buffer | null) => {
      queue.push({ at, chunk })
      timer ??= setTimeout(pump, Math.max(0, at - performance.now()))
    }
    from.on('data', (chunk: Buffer) => {
      tally(chunk)
      push(direction.arrival(chunk.length, firstAt), chunk)
    })
    from.on('end', () => push(direction.arrival(0), null))
  }

  const server: Server = createServer((browserSide) => {
    if (isDown) {
      browserSide.destroy()
      return
    }
    const serverSide = connect(target, '127.0.0.1')
    open.add(browserSide)
    open.add(serverSide)
    // An error cuts both ends; an end is passed on once the bytes before it have arrived (pipe).
    const cut = () => {
      browserSide.destroy()
      serverSide.destroy()
    }
    browserSide.on('error', cut).on('close', () => open.delete(browserSide))
    serverSide.on('error', cut).on('close', () => open.delete(serverSide))
    // The handshake's round trip: the first request leaves one round trip after the connection.
    const handshakeDone = performance.now() + link.roundTripMs
    pipe(
      browserSide,
      serverSide,
      upstream,
      (chunk) => {
        counted.up += chunk.length
        for (const match of chunk.toString('latin1').matchAll(requestLine)) {
          counted.requests.push(`${match[1]} ${match[2]}`)
          counted.sentAt.push(performance.now() - countedSince)
        }
      },
      handshakeDone,
    )
    pipe(serverSide, browserSide, downstream, (chunk) => {
      counted.down += chunk.length
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the link has no port')

  return {
    url: `http://127.0.0.1:${address.port}`,
    forwardTo: (port) => {
      target = port
    },
    down: () => {
      isDown = true
      for (const socket of open) socket.destroy()
      open.clear()
    },
    up: () => {
      isDown = false
    },
    count: () => ({ ...counted, requests: [...counted.requests], sentAt: [...counted.sentAt] }),
    reset: () => {
      countedSince = performance.now()
      counted = { down: 0, up: 0, requests: [], sentAt: [] }
    },
    close: async () => {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
