import type { Locator, Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signInThroughForm } from '../support/sign-in.ts'
import { test, expect, demo } from './fixtures.ts'

/**
 * Layout at the widths the app is used at: a phone (360, 390), the store tablet (768) and a desktop
 * (1366). Measured in the page, as a person sees it.
 */

const widths = [360, 390, 768, 1366] as const
const locales = ['me', 'sr', 'en'] as const
type Locale = (typeof locales)[number]

const texts = {
  me: { logOut: 'Odjava', home: 'Brand Expert početna', hello: /^Zdravo, / },
  sr: { logOut: 'Odjava', home: 'Brand Expert početna', hello: /^Zdravo, / },
  en: { logOut: 'Log out', home: 'Brand Expert home', hello: /^Hello, / },
} as const

const roles = [
  ['a super user', demo.super.email],
  ['an admin', demo.admin.email],
  ['a store manager', demo.manager.email],
  ['a brand expert', demo.agent.email],
] as const

/** Signs in through the form, whatever the language (the fields by their autocomplete). */
async function signInAs(page: Page, email: string) {
  await signInThroughForm(page, email)
  await expect(page).not.toHaveURL(/\/login/)
}

/** The page's width against the window's, the header's height and the box of each of its controls. */
function measureHeader(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header')
    if (!header) throw new Error('no header')
    const controls = Array.from(header.querySelectorAll('a, button'), (control) => {
      const box = control.getBoundingClientRect()
      const name = control.getAttribute('aria-label') ?? control.textContent
      return { name, top: box.top, bottom: box.bottom, left: box.left, right: box.right }
    })
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      height: header.getBoundingClientRect().height,
      controls,
    }
  })
}

/**
 * The header on one line (its height at 1366 px, every control on one centre line), every control
 * whole inside the window and at least 44 px square, and no sideways scroll of the page.
 */
async function expectHeaderOnOneLine(page: Page, locale: Locale, oneLine: number) {
  const { logOut, home, hello } = texts[locale]
  await expect(page.getByRole('button', { name: logOut })).toBeVisible()
  const measured = await measureHeader(page)
  const width = measured.innerWidth
  expect(measured.scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(width)
  expect(measured.height, `header height at ${width} px`).toBe(oneLine)
  const first = measured.controls[0]
  if (!first) throw new Error('no control in the header')
  const centre = (first.top + first.bottom) / 2
  for (const control of measured.controls) {
    const label = `${control.name} at ${width} px`
    expect(control.left, label).toBeGreaterThanOrEqual(0)
    expect(control.right, label).toBeLessThanOrEqual(width)
    expect(control.right - control.left, label).toBeGreaterThanOrEqual(44)
    expect(control.bottom - control.top, label).toBeGreaterThanOrEqual(44)
    expect(Math.abs((control.top + control.bottom) / 2 - centre), label).toBeLessThan(1)
  }
  // The names other tests and assistive technology use are kept at every width.
  const logOutBox = await page.getByRole('button', { name: logOut }).boundingBox()
  expect(logOutBox?.x).toBeGreaterThanOrEqual(0)
  expect((logOutBox?.x ?? 0) + (logOutBox?.width ?? Infinity)).toBeLessThanOrEqual(width)
  await expect(page.getByRole('link', { name: hello })).toHaveAttribute('href', '/settings')
  await expect(page.getByRole('link', { name: home })).toBeVisible()
  // The phone's shortened header (accessibility.spec.ts checks the tablet's).
  if (width < 768) {
    const axe = await new AxeBuilder({ page }).include('header').analyze()
    expect(axe.violations.map((violation) => `${violation.id} at ${width} px`)).toEqual([])
  }
}

/** The header's height at 1366 px, where it has room: the height of one line. */
async function oneLineHeight(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 })
  return (await measureHeader(page)).height
}

async function expectHeaderOnOneLineAtEveryWidth(
  page: Page,
  locale: Locale,
  order: readonly number[] = widths,
) {
  const oneLine = await oneLineHeight(page)
  for (const width of order) {
    await page.setViewportSize({ width, height: width < 768 ? 780 : 1024 })
    await expectHeaderOnOneLine(page, locale, oneLine)
  }
}

for (const locale of locales) {
  test.describe(`in ${locale}`, () => {
    test.use({ appLocale: locale })
    // Two screens, each opened with the PIN, measured at every width: slow on a busy machine.
    test.describe.configure({ timeout: 60_000 })

    for (const [role, email] of roles) {
      test(`the header stays on one line from 360 px up, with no sideways scroll, for ${role}`, async ({
        page,
      }) => {
        await signInAs(page, email)
        for (const path of ['/', '/settings']) {
          await test.step(path, async () => {
            await page.goto(path)
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
            await expectHeaderOnOneLineAtEveryWidth(page, locale)
          })
        }
      })
    }
  })
}

/**
 * Finishes a simple trial while the server refuses it, so that it waits on the device; a brand
 * expert first picks a store (`store` is the field's name), a manager works for their own.
 */
async function finishSimpleTrialWhileServerIsDown(
  page: Page,
  names: { comment: string; save: string; store?: string },
) {
  await page.route('**/api/v1/free-guided/form', (route) =>
    route.fulfill({ status: 503, json: { message: 'down' } }),
  )
  await page.goto('/free-guided-trial/simple')
  if (names.store) {
    await page.getByRole('combobox', { name: names.store }).fill('Beo')
    await page.getByRole('option').first().click()
  }
  await page.getByRole('textbox', { name: names.comment }).fill(`layout-${Date.now()}`)
  await page.getByRole('button', { name: names.save }).click()
}

test.describe('with a trial waiting', () => {
  test('the header stays on one line with its waiting-trials count, the count still named in full', async ({
    page,
  }) => {
    await signInAs(page, demo.agent.email)
    await finishSimpleTrialWhileServerIsDown(page, {
      store: 'Store',
      comment: 'Comment',
      save: 'Save',
    })
    const waiting = page.getByRole('link', { name: /1 trial waiting/ })
    await expect(waiting).toBeVisible()
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectHeaderOnOneLineAtEveryWidth(page, 'en', [768, 360, 390, 1366])
    for (const width of [360, 768]) {
      await page.setViewportSize({ width, height: 1024 })
      await expect(waiting).toBeInViewport({ ratio: 1 })
    }
  })

  test.describe('in Serbian', () => {
    test.use({ appLocale: 'sr' })

    test('the header stays on one line with its waiting-trials count', async ({ page }) => {
      await signInAs(page, demo.manager.email)
      await finishSimpleTrialWhileServerIsDown(page, { comment: 'Komentar', save: 'Sačuvaj' })
      const waiting = page.getByRole('link', { name: /1 proba čeka/ })
      await expect(waiting).toBeVisible()
      await page.goto('/settings')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectHeaderOnOneLineAtEveryWidth(page, 'sr', [768, 360, 390, 1366])
      for (const width of [360, 768]) {
        await page.setViewportSize({ width, height: 1024 })
        await expect(waiting).toBeInViewport({ ratio: 1 })
      }
    })
  })
})

test.describe('in Serbian', () => {
  test.use({ appLocale: 'sr' })

  test("the wizard's Invalid badge stays inside its card at 768 px", async ({ page }) => {
    await signInAs(page, demo.manager.email)
    await page.goto('/free-guided-trial')
    await page.getByRole('radio', { name: 'Ženski' }).click()
    await page.getByRole('radio', { name: '18–24' }).click()
    await page.getByRole('button', { name: 'Duvan za motanje (MYO/RYO)' }).click()
    await page.getByRole('button', { name: 'Dalje' }).click()
    await page.getByRole('radio', { name: '20–30' }).click()
    await page.getByRole('button', { name: 'Društvene mreže' }).click()
    await page.getByRole('button', { name: 'Dalje' }).click()

    const card = page.getByRole('region', { name: 'Email i telefon' })
    await card.getByRole('textbox', { name: 'Telefon' }).fill('12345')
    await card.getByRole('button', { name: 'OK, proveri telefon' }).click()
    const badge = card.getByText('Neispravno', { exact: true })
    await expect(badge).toBeVisible()
    for (const width of [768, 390, 360]) {
      await page.setViewportSize({ width, height: 1024 })
      // Inside the card's padding, where its content goes.
      const inside = await card.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        const inset = (side: 'Left' | 'Right') =>
          parseFloat(style.getPropertyValue(`padding-${side.toLowerCase()}`)) +
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`))
        return { left: box.left + inset('Left'), right: box.right - inset('Right') }
      })
      const box = await badge.boundingBox()
      expect(box?.x, `badge at ${width} px`).toBeGreaterThanOrEqual(inside.left)
      expect((box?.x ?? 0) + (box?.width ?? Infinity), `badge at ${width} px`).toBeLessThanOrEqual(
        inside.right,
      )
    }
  })
})

/** The top of the first character of a cell's text, linked or not. */
function textTop(cell: Locator) {
  return cell.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      const range = document.createRange()
      range.setStart(node, 0)
      range.setEnd(node, 1)
      return range.getBoundingClientRect().top
    }
    throw new Error('no text in the cell')
  })
}

async function expectLinkedCellInLine(row: Locator, linked: Locator, plain: Locator) {
  await expect(row).toBeVisible()
  expect(await textTop(linked)).toBeCloseTo(await textTop(plain), 0)
}

test('a linked table cell has its text on the same line as the plain cells beside it', async ({
  page,
}) => {
  // Wide enough for the tables to be tables, not cards.
  await page.setViewportSize({ width: 1366, height: 768 })
  await signInAs(page, demo.admin.email)
  await page.goto('/users')
  const name = page.getByRole('link', { name: 'Stefan Ilić', exact: true })
  const expert = page.getByRole('row').filter({ has: name })
  // The linked name (the row's header) and the linked Edit (a cell) against the plain email.
  const email = expert.getByRole('cell').first()
  await expectLinkedCellInLine(
    expert,
    expert.getByRole('link', { name: 'Stefan Ilić', exact: true }),
    email,
  )
  await expectLinkedCellInLine(
    expert,
    expert.getByRole('link', { name: 'Edit Stefan Ilić' }),
    email,
  )

  await page.goto('/stores')
  const store = page.getByRole('row').nth(1)
  await expectLinkedCellInLine(
    store,
    store.getByRole('link').first(),
    store.getByRole('cell').first(),
  )
})

test('a linked name in the customer search lines up with the email beside it', async ({ page }) => {
  await signInAs(page, demo.manager.email)
  await page.goto('/customers?query=t-com.me')
  const row = page.getByRole('row').nth(1)
  await expectLinkedCellInLine(row, row.getByRole('link'), row.getByRole('cell').first())
})

/** The lines an element's text is drawn on, from where each character is drawn. */
function renderedLines(element: Locator) {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const top = range.getBoundingClientRect().top
        const line = lines.at(-1)
        if (line && Math.abs(line.top - top) < 2) line.text += text.charAt(index)
        else lines.push({ top, text: text.charAt(index) })
      }
    }
    return lines.map((line) => line.text)
  })
}

/**
 * Each line after the first starts at the address's `@` or at one of its dots; a first line that
 * is `label` (the column's name above a card's value) is not the address's.
 */
async function expectBrokenOnlyAtAtOrDots(email: Locator, address: string, label?: string) {
  const drawn = await renderedLines(email)
  const lines = drawn[0] === label ? drawn.slice(1) : drawn
  expect(lines.join('')).toBe(address)
  for (const line of lines.slice(1)) expect(line, lines.join(' | ')).toMatch(/^[@.]/)
}

test('an email in a narrow table column wraps only before its @ or a dot, never inside a name', async ({
  page,
}) => {
  await signInAs(page, demo.manager.email)
  for (const width of [360, 390, 768]) {
    await page.setViewportSize({ width, height: 1024 })
    await page.goto('/customers?query=t-com.me')
    const cells = page.getByRole('cell').filter({ hasText: /@t-com\.me$/ })
    await expect(cells.first()).toBeVisible()
    for (const cell of (await cells.all()).slice(0, 5)) {
      // On a phone the table's rows are cards, each value under its column's name.
      const address = ((await cell.textContent()) ?? '').replace(/^Email/, '')
      await expectBrokenOnlyAtAtOrDots(cell, address, 'Email')
    }
  }
})

test("an email in a customer's card wraps only before its @ or a dot, never inside a name", async ({
  page,
}) => {
  await signInAs(page, demo.manager.email)
  await page.goto('/customers?query=t-com.me')
  await page.getByRole('row').nth(1).getByRole('link').click()
  const email = page.locator('dd').filter({ hasText: /@t-com\.me$/ })
  const address = (await email.textContent()) ?? ''
  for (const width of [360, 768, 1366]) {
    await page.setViewportSize({ width, height: 1024 })
    await expectBrokenOnlyAtAtOrDots(email, address)
    // Narrower columns than the screens give, down to less than its longest piece.
    for (const columnWidth of [60, 100, 140, 180, 220]) {
      await email.evaluate((element, pixels) => {
        ;(element as HTMLElement).style.width = `${pixels}px`
      }, columnWidth)
      await expectBrokenOnlyAtAtOrDots(email, address)
    }
    await email.evaluate((element) => {
      ;(element as HTMLElement).style.width = ''
    })
  }
})

test("every tab of a customer's profile is in sight on a phone, the open one too", async ({
  page,
}) => {
  await signInAs(page, demo.manager.email)
  await page.goto('/customers?query=t-com.me')
  await page.getByRole('row').nth(1).getByRole('link').click()
  await page.setViewportSize({ width: 360, height: 780 })
  const tabs = page.getByRole('navigation', { name: 'Consumer profile' })
  await tabs.getByRole('link', { name: 'Trials' }).click()
  await expect(tabs.getByRole('link', { name: 'Trials' })).toHaveAttribute('aria-current', 'page')
  for (const name of ['Overview', 'Loyalty', 'Referrals (MGM)', 'Trials']) {
    await expect(tabs.getByRole('link', { name }), name).toBeInViewport({ ratio: 1 })
  }
})

test("a signed-in visitor's unknown address keeps the app's header and footer", async ({
  page,
}) => {
  await signInAs(page, demo.manager.email)
  await page.goto('/no-such-screen')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Need help?')
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
})

/** Whether the greeting's words are drawn whole, hidden behind its icon, or cut short. */
function greetingShown(page: Page) {
  return page
    .getByRole('link', { name: /^(Hello|Zdravo), / })
    .locator('span')
    .evaluate((text) => {
      if (getComputedStyle(text).position === 'absolute') return 'icon'
      return text.scrollWidth <= text.clientWidth + 1 ? 'whole' : 'cut'
    })
}

test.describe('in Montenegrin, with a trial waiting', () => {
  test.use({ appLocale: 'me' })

  test('the greeting is whole or an icon at every width, never cut short', async ({ page }) => {
    await signInAs(page, demo.agent.email)
    await finishSimpleTrialWhileServerIsDown(page, {
      store: 'Prodavnica',
      comment: 'Komentar',
      save: 'Sačuvaj',
    })
    const status = page.getByRole('link', { name: /1 proba čeka/ })
    await expect(status).toBeVisible()
    await page.goto('/settings')
    for (const width of [768, 1024, 1366, 360]) {
      await page.setViewportSize({ width, height: 1024 })
      expect(await greetingShown(page), `at ${width} px`).not.toBe('cut')
    }
    // While the pack images are still being kept for offline use, their progress takes the
    // greeting's room; on a slow machine that lasts a while.
    await expect(status).not.toContainText(/\d+\/\d+/, { timeout: 60_000 })
    await page.setViewportSize({ width: 1366, height: 768 })
    await expect.poll(() => greetingShown(page)).toBe('whole')
  })
})

test('the audit log keeps a date and time on one line and breaks an address only at @ or a dot', async ({
  page,
}) => {
  await signInAs(page, demo.admin.email)
  for (const width of [768, 1366]) {
    await page.setViewportSize({ width, height: 1024 })
    await page.goto('/audit')
    const entry = page.getByRole('row').filter({ hasText: demo.admin.email }).first()
    const when = entry.getByRole('rowheader')
    expect(await renderedLines(when), `at ${width} px`).toHaveLength(1)
    // The Who column, narrower than the address.
    const who = entry.getByRole('cell').first()
    await who.evaluate((element) => {
      ;(element as HTMLElement).style.width = '90px'
    })
    // On a card the cell's first line is its column's name.
    const lines = (await renderedLines(who)).filter((line) => line !== 'Who')
    expect(lines.join(''), `at ${width} px`).toBe(`${demo.admin.email} (admin)`)
    for (const line of lines.slice(1)) expect(line, lines.join(' | ')).toMatch(/^[@.( ]/)
  }
})
