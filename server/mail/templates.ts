import type { Locale } from '#contract/locale.ts'
import { mailMessages } from '#contract/mail-messages.ts'
import { escapeHtml } from '../html.ts'
import { translate } from '../i18n.ts'

export type MailContent = { subject: string; text: string; html: string; link: string }

/** The password reset mail, in the language of the request that asked for it. */
export function passwordResetMail(locale: Locale, fullname: string, link: string): MailContent {
  const t = (id: string, values?: Record<string, unknown>) => translate(locale, id, values)
  const greeting = t(mailMessages.mailGreeting.id, { name: fullname })
  const intro = t(mailMessages.mailResetIntro.id)
  const action = t(mailMessages.mailResetAction.id)
  const ignore = t(mailMessages.mailResetIgnore.id)
  return {
    subject: t(mailMessages.mailResetSubject.id),
    text: [greeting, '', intro, '', link, '', ignore].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
    link,
  }
}

/** The invitation of a new user, in the language of the admin who made the account. */
export function invitationMail(locale: Locale, fullname: string, link: string): MailContent {
  const t = (id: string, values?: Record<string, unknown>) => translate(locale, id, values)
  const greeting = t(mailMessages.mailGreeting.id, { name: fullname })
  const intro = t(mailMessages.mailInviteIntro.id)
  const action = t(mailMessages.mailInviteAction.id)
  return {
    subject: t(mailMessages.mailInviteSubject.id),
    text: [greeting, '', intro, '', link].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    ].join('\n'),
    link,
  }
}
