import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Config } from '../config.ts'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  /** The link the mail is about; shown to a developer when mail is kept in files. */
  link: string
}

export type Mailer = {
  send: (mail: Mail) => Promise<void>
  close: () => void
}

/**
 * Mail over SMTP when `smtpUrl` is set. Otherwise each message is written by nodemailer's
 * stream transport to `${dataDir}/mail/` as an .eml file, and a line with its link handed to
 * `show`: a developer's terminal (server/serve.ts, never in production), not the logs, since the
 * link signs its reader in.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  show?: (line: string) => void,
): Mailer {
  const from = config.mailFrom
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl)
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html })
      },
      close: () => transport.close(),
    }
  }

  const folder = join(config.dataDir, 'mail')
  const transport = createTransport({ streamTransport: true, buffer: true })
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        textEncoding: 'quoted-printable',
      })
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport gave no buffer')
      await mkdir(folder, { recursive: true })
      const file = join(folder, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message)
      show?.(`mail to ${to} "${subject}" saved as ${file}; link: ${link}`)
    },
    close: () => transport.close(),
  }
}
