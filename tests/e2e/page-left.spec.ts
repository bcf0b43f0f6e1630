import { test, expect, signIn, demo, apiLogin, apiGet } from './fixtures.ts'

// Six page loads, each opened with the PIN, then the sending: slow on a busy machine.
test.describe.configure({ timeout: 90_000 })

// WebKit keeps a page left for another in its back/forward cache, frozen with the transactions it
// had open on the device's database; the app lets them go as it leaves (docs/webkit.md).
test('a page left by its address while it writes to the device holds up no other page', async ({
  page,
  request,
}) => {
  const marker = `Left at once, e2e ${Date.now()}`
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  for (const which of [1, 2, 3]) {
    await page.goto('/free-guided-trial/simple')
    await page.getByRole('textbox', { name: 'Comment' }).fill(`${marker} ${which}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL('/')
    // At once, while the trial is being sent and its receipt kept: another address.
    await page.goto('/outbox')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Trials waiting to be sent' }),
    ).toBeVisible()
    await expect(
      page
        .getByText('Waiting to be sent', { exact: true })
        .or(page.getByText('Every finished trial has reached the server.'))
        .first(),
    ).toBeVisible({ timeout: 5_000 })
  }
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })

  const { token } = await apiLogin(request, demo.admin.email)
  const trials = await apiGet<{ rows: { comment: unknown }[] }>(
    request,
    token,
    'questionnaire/search',
  )
  const ours = trials.rows.filter((row) => String(row.comment).startsWith(marker))
  expect(ours).toHaveLength(3)
})
