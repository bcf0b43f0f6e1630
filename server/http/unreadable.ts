import { randomUUID } from 'node:crypto'
import { STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { requestIdHeader } from '#contract/http.ts'
import { defaultLocale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { translate } from '../i18n.ts'

/** The status Node's own answer would have (its default `clientError` handling). */
function statusOf(code: string | undefined): 400 | 408 | 413 | 431 {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

/**
 * A request Node's HTTP parser cannot read (headers or address over its 16 KB, a malformed
 * request line) never reaches the app: Node answers it with an empty body. It is answered here as
 * the app answers a bad request, `{ message, code, requestId }` as JSON with `Cache-Control: no-store`, in the
 * default language (the `Language` header is among what could not be read).
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = statusOf(error.code)
    const message =
      status === 431
        ? messages.requestTooLong.id
        : status === 413
          ? messages.requestTooLarge.id
          : messages.invalidRequest.id
    const requestId = randomUUID()
    const body = JSON.stringify({
      message: translate(defaultLocale, message),
      code: message,
      requestId,
    })
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        `${requestIdHeader}: ${requestId}`,
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
  })
}
