import { expect, type Page } from '@playwright/test'

/**
 * A manager's short trial (filed at their own store: no store step), in English, up to its last
 * step, the unsuccessful purchase with `marker`: for the tests of Finish and what follows it.
 */
export async function answerUpToFinish(page: Page, marker: string) {
  await page.goto('/free-guided-trial')
  await answerUpToContact(page)
  await answerFromContactToFinish(page, marker)
}

/** From the email and phone step to the last one: no email, no purchase, `marker` as comment. */
export async function answerFromContactToFinish(page: Page, marker: string) {
  const next = page.getByRole('button', { name: 'Next' })
  await page.getByRole('button', { name: 'No email' }).click()
  await next.click()
  await page.getByRole('radio', { name: 'No, did not buy' }).click()
  await next.click()
  await page.getByRole('button', { name: 'Needs time to think' }).click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(marker)
}

/**
 * From the wizard's first question (the store chosen, or a manager's own) up to the email and
 * phone step: a woman of 25–34 who vapes 5–10 a day and heard of it otherwise.
 */
export async function answerUpToContact(page: Page) {
  const next = page.getByRole('button', { name: 'Next' })
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await page.getByRole('radio', { name: '25–34' }).click()
  await page.getByRole('button', { name: 'E-cigarettes (vape)' }).click()
  await next.click()
  await page.getByRole('radio', { name: '5–10' }).click()
  await page.getByRole('button', { name: 'Other' }).click()
  await next.click()
}

/** Types the customer's email and phone, each checked, both shown valid. */
export async function enterValidContact(page: Page, email: string, phone: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'OK, check the email' }).click()
  await page.getByRole('textbox', { name: 'Phone' }).fill(phone)
  await page.getByRole('button', { name: 'OK, check the phone' }).click()
  await expect(page.getByText('Valid', { exact: true })).toHaveCount(2)
}
