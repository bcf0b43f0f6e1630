import type { Page } from '@playwright/test'
import { test, expect, demo, demoPassword, expectAccessible } from './fixtures.ts'
import { finishSignIn } from '../support/sign-in.ts'

test.use({ appLocale: 'me' })

async function signInAsAdmin(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(demo.admin.email)
  await page.getByLabel('Lozinka', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await finishSignIn(page)
  await expect(page).toHaveURL('/')
}

test('the dashboard period is typed as Montenegro writes dates, and a day that does not exist is refused', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/dashboard')
  const from = page.getByRole('textbox', { name: 'Od', exact: true })
  const to = page.getByRole('textbox', { name: 'Do', exact: true })
  // This month's first day, as the locale writes it.
  await expect(from).toHaveValue(/^01\.\d{2}\.\d{4}\.$/)
  await expect(from).toHaveAttribute('placeholder', 'dd.mm.gggg.')

  await from.fill('01.11.2026.')
  await to.fill('30.11.2026.')
  await page.getByRole('button', { name: 'Primijeni' }).click()
  await expect(page).toHaveURL(/startAt=2026-11-01&endAt=2026-11-30/)
  await expect(page.getByRole('heading', { name: 'Period' })).toBeVisible()
  await expect(page.getByText('Probe po danu')).toBeVisible()
  await expect(from).toHaveValue('01.11.2026.')
  await expect(to).toHaveValue('30.11.2026.')

  // 31 February is kept as typed, said to be no day, and never applied.
  await from.fill('31.02.2026.')
  await from.press('Enter')
  await expect(from).toHaveValue('31.02.2026.')
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  await expect(from).toHaveAccessibleDescription(
    /Taj dan ne postoji\. Unesite datum u obliku dd\.mm\.gggg\./,
  )
  await expect(
    page.getByText('Taj dan ne postoji. Unesite datum u obliku dd.mm.gggg.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/startAt=2026-11-01&endAt=2026-11-30/)

  await from.fill('sutra')
  await page.getByRole('button', { name: 'Primijeni' }).click()
  await expect(page.getByText('Unesite datum u obliku dd.mm.gggg.')).toBeVisible()
  await expect(page).toHaveURL(/startAt=2026-11-01&endAt=2026-11-30/)
  await expectAccessible(page)
})

test("the calendar button opens a calendar whose picked day fills the field in the locale's format", async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/dashboard?startAt=2026-11-01&endAt=2026-11-30')
  const from = page.getByRole('textbox', { name: 'Od', exact: true })
  await expect(from).toHaveValue('01.11.2026.')
  const opener = page.getByRole('button', { name: 'Izaberite datum' }).first()
  await expect(opener).toHaveAccessibleDescription('Od')

  // By pointer: the calendar opens on the field's month, in Montenegrin.
  await opener.click()
  const calendar = page.getByRole('dialog', { name: 'Od' })
  await expect(calendar).toBeVisible()
  await expect(calendar.getByRole('grid', { name: 'novembar 2026' })).toBeVisible()
  await expect(
    calendar.getByRole('button', { name: /^nedjelja, 1\. novembar 2026\./ }),
  ).toBeFocused()
  await expectAccessible(page)
  await calendar.getByRole('button', { name: /^nedjelja, 15\. novembar 2026\./ }).click()
  await expect(calendar).toBeHidden()
  await expect(from).toHaveValue('15.11.2026.')
  await expect(opener).toBeFocused()

  // By keyboard: the chosen day has the focus, the arrows move it, Enter picks.
  await page.keyboard.press('Enter')
  await expect(calendar).toBeVisible()
  await expect(
    calendar.getByRole('button', { name: /15\. novembar 2026\., izabrano$/ }),
  ).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(calendar).toBeHidden()
  await expect(from).toHaveValue('16.11.2026.')

  // Escape closes it and changes nothing.
  await page.keyboard.press('Enter')
  await expect(calendar).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()
  await expect(opener).toBeFocused()
  await expect(from).toHaveValue('16.11.2026.')

  await page.getByRole('button', { name: 'Primijeni' }).click()
  await expect(page).toHaveURL(/startAt=2026-11-16&endAt=2026-11-30/)
})
