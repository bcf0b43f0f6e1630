import { gt } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerExportSchema } from '../../src/contract/customer-rights.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  languageHeader,
} from '../../src/contract/http.ts'
import type { Locale } from '../../src/contract/locale.ts'
import { messages } from '../../src/contract/messages.ts'
import { visitReasonLabels } from '../../src/contract/record-labels.ts'
import { auditHead, auditLog } from '../../server/db/schema/audit.ts'
import { translate } from '../../server/i18n.ts'
import {
  createCustomer,
  managerWithStore,
  userWithoutStore,
  type TestCustomer,
} from './support/customer-fixtures.ts'
import { customerWithEverything } from './support/customer-everything.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import { storeMessages } from '../../src/contract/store-messages.ts'

describe.each(databases)("a customer's export on $name", (database) => {
  const api = useApi(database)

  async function admin() {
    return (await userWithoutStore(api, 'admin')).token
  }

  const exportOf = async (id: number | string, token: string, language: Locale = 'en') =>
    api.request('GET', `/customer/${id}/export`, { token, language })

  /** The page is HTML: read as text, or as JSON when it is an error. */
  async function pageOf(id: number | string, token: string, language: Locale = 'en') {
    const response = await fetch(`${api.url}${apiBasePath}/customer/${id}/export.html`, {
      headers: { [appHeader]: appId, [languageHeader]: language, Authorization: `Bearer ${token}` },
    })
    const text = await response.text()
    const json = response.headers.get('Content-Type')?.startsWith('application/json')
    const body: unknown = json ? JSON.parse(text) : text
    return { status: response.status, headers: response.headers, body }
  }

  it('holds every kind of record kept about the customer, and no other customer’s contacts', async () => {
    const { customer, referred, mgm, promo, store, expert } = await customerWithEverything(api)
    const response = await exportOf(customer.id, await admin())
    expect(response.status).toBe(200)
    const data = expectShape(dataEnvelope(customerExportSchema), response.body).data
    expect(data.customerId).toBe(customer.id)
    expect(Date.parse(data.exportedAt)).not.toBeNaN()
    expect(data.profile).toMatchObject({
      id: customer.id,
      fullname: customer.fullname,
      email: customer.email,
      phone: customer.phone,
      referralCode: customer.referralCode,
      points: 150,
    })
    expect(data.devices).toEqual([expect.objectContaining({ serialNumber: 'SN-EXPORT' })])
    expect(data.orders).toEqual([expect.objectContaining({ number: 'WEB-EXPORT-1' })])
    expect(data.ecommerceStatuses).toHaveLength(1)
    expect(data.communications).toEqual([expect.objectContaining({ subject: 'Poklon' })])
    expect(data.serviceCases).toEqual([expect.objectContaining({ number: 'SRV-EXPORT' })])
    expect(data.reclamations).toEqual([
      expect.objectContaining({ registrationNumber: 'REK-EXPORT' }),
    ])
    expect(data.loyaltyActions).toEqual([expect.objectContaining({ rule: 'welcome', points: 100 })])
    expect(data.visitNotes).toEqual([
      expect.objectContaining({ reason: 'purchase', expert: expert.fullname, store: store.name }),
    ])
    expect(data.referrals).toEqual([
      expect.objectContaining({
        customerId: referred.id,
        voucher: { id: mgm.id, code: mgm.code, status: 'used' },
      }),
    ])
    expect(data.vouchers.map((voucher) => voucher.id).sort()).toEqual([mgm.id, promo.id].sort())
    const logOf = (id: number) => data.vouchers.find((voucher) => voucher.id === id)?.log
    expect(logOf(promo.id)).toEqual([expect.objectContaining({ customerEmail: customer.email })])
    expect(logOf(mgm.id)).toEqual([
      expect.objectContaining({ customerEmail: null, expert: expert.fullname, store: store.name }),
    ])
    expect(data.trials).toHaveLength(1)
    const [trial] = data.trials
    expect(trial?.comment).toMatchObject({ email: { phone: customer.phone } })
    expect(trial?.consents).toEqual([
      {
        consent: 'privacyPolicy',
        given: true,
        tickedBy: 'app',
        textId: '0123456789abcdef',
        locale: 'sr',
      },
      {
        consent: 'analizeData',
        given: false,
        tickedBy: 'person',
        textId: 'fedcba9876543210',
        locale: 'sr',
      },
    ])
    const written = JSON.stringify(data)
    for (const contact of [
      referred.fullname,
      referred.email,
      referred.phone,
      'neko.drugi@example.rs',
    ]) {
      expect(written).not.toContain(contact)
    }
  })

  it('is for administration only: a manager or an agent gets 403, an unknown customer 404', async () => {
    const customer = await createCustomer(api)
    const manager = await managerWithStore(api)
    const agent = await userWithoutStore(api, 'agent')
    for (const token of [manager.token, agent.token]) {
      for (const answer of [await exportOf(customer.id, token), await pageOf(customer.id, token)]) {
        expect(answer.status).toBe(403)
        expect(answer.body).toMatchObject({ code: messages.forbidden.id })
      }
    }
    const token = await admin()
    for (const answer of [
      await exportOf(2_000_000_000, token),
      await pageOf(2_000_000_000, token),
    ]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ code: storeMessages.customerNotFound.id })
    }
  })

  it('answers a page in the request’s language, to be saved, with every text escaped', async () => {
    const { customer } = await customerWithEverything(api, '<script>alert("x")</script> Petrović')
    const response = await pageOf(customer.id, await admin(), 'sr')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="customer-${customer.id}.html"`,
    )
    const page = String(response.body)
    expect(page).toContain('<html lang="sr">')
    expect(page).toContain(translate('sr', visitReasonLabels.purchase.id))
    expect(page).not.toContain(translate('en', visitReasonLabels.purchase.id))
    expect(page).toContain(customer.email)
    // The name and the visit note's comment are text, never markup.
    expect(page).not.toMatch(/<script|<img/i)
    expect(page).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Petrović')
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62;')
    // Nothing on it loads or runs, saved or not.
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;`,
    )
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
  })

  it("writes each export to the audit log by the customer's id, never their contacts", async () => {
    const { customer } = await customerWithEverything(api)
    const admin = await userWithoutStore(api, 'admin')
    const [head] = await api.db.select({ position: auditHead.position }).from(auditHead)
    expect((await exportOf(customer.id, admin.token)).status).toBe(200)
    expect((await pageOf(customer.id, admin.token)).status).toBe(200)
    const rows = await api.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, head?.position ?? 0))
      .orderBy(auditLog.id)
    const read = {
      action: 'customer.read',
      actorId: admin.id,
      target: `customer:${customer.id}`,
      outcome: 'success',
    }
    expect(rows).toEqual([
      expect.objectContaining({ ...read, detail: 'export json' }),
      expect.objectContaining({ ...read, detail: 'export html' }),
    ])
    const written = JSON.stringify(rows)
    for (const contact of contactsOf(customer)) expect(written).not.toContain(contact)
  })
})

function contactsOf(customer: TestCustomer): string[] {
  return [customer.fullname, customer.email, customer.phone].filter((value) => value !== null)
}
