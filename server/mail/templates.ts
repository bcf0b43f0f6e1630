import type { Locale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { escapeHtml } from '../html.ts'
import { translate } from '../i18n.ts'

export type MailContent = { subject: string; text: string; html: string; link: string }

/** The password reset mail, in the language of the request that asked for it. */
export function passwordResetMail(locale: Locale, fullname: string, link: string): MailContent {
  const t = (id: string, values?: Record<string, unknown>) => translate(locale, id, values)
  const greeting = t(messages.mailGreeting.id, { name: fullname })
  const intro = t(messages.mailResetIntro.id)
  const action = t(messages.mailResetAction.id)
  const ignore = t(messages.mailResetIgnore.id)
  return {
    subject: t(messages.mailResetSubject.id),
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
  const greeting = t(messages.mailGreeting.id, { name: fullname })
  const intro = t(messages.mailInviteIntro.id)
  const action = t(messages.mailInviteAction.id)
  return {
    subject: t(messages.mailInviteSubject.id),
    text: [greeting, '', intro, '', link].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    ].join('\n'),
    link,
  }
}
