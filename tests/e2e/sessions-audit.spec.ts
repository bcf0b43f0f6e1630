import { test, expect, signIn, demo, apiLogin, apiGet, expectAccessible } from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'

test.describe.configure({ timeout: 120_000 })

type AuditList = {
  rows: { action: string; target: string; detail: string | null }[]
  count: number
}

test("an admin ends an expert's session (pressed twice, ended once): the expert is signed out, and the audit log shows it once and verifies", async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  const expertId = (await apiLogin(request, demo.agent.email)).id
  const revocations = async () =>
    (
      await apiGet<AuditList>(request, admin.token, 'audit/search', {
        action: 'session.revoke',
        query: `user:${expertId}`,
      })
    ).count

  // The expert's tablet, told apart by its browser.
  const tablet = await browser.newContext({ userAgent: 'Shared tablet e2e' })
  await tablet.addInitScript(() => localStorage.setItem('locale', 'en'))
  const expert = await tablet.newPage()
  unlockAfterEachLoad(expert)
  await signIn(expert, demo.agent.email)
  await expect(expert).toHaveURL('/')

  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await page.goto(`/users/${expertId}/edit`)
  const sessions = page.getByRole('region', { name: 'Sessions' })
  const row = sessions.getByRole('row', { name: /Shared tablet e2e/ })
  await expect(row).toContainText('Stays signed in')
  await expectAccessible(page)
  const before = await revocations()

  await row.getByRole('button', { name: 'End session' }).click()
  const dialog = page.getByRole('dialog', { name: 'End this session?' })
  await dialog.getByRole('button', { name: 'Yes, end it' }).dblclick()
  await expect(dialog).toBeHidden()
  await expect(row).toHaveCount(0)
  expect(await revocations()).toBe(before + 1)

  // The tablet's next request finds its session ended: it is signed out.
  await expert.reload()
  await expect(expert).toHaveURL(/\/login/)
  await tablet.close()

  // The log, from the administration's navigation, narrowed to the act, and verified.
  await page.goto('/users')
  await page.getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL('/audit')
  await page
    .getByRole('combobox', { name: 'Act' })
    .selectOption({ label: 'Session ended by an administrator' })
  await page.getByRole('textbox', { name: 'Who or what' }).fill(`user:${expertId}`)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/action=session\.revoke/)
  await expect(
    page.getByRole('row', { name: /Session ended by an administrator/ }).first(),
  ).toContainText(demo.admin.email)
  const verifyLog = page.getByRole('button', { name: 'Verify the log' })
  await verifyLog.click()
  await expect(page.getByRole('status').filter({ hasText: 'The log is whole' })).toBeVisible()
  // A checkpoint not signed under this log's key (one made up, or of another log) is refused.
  const checkpoint = page.getByRole('textbox', { name: 'Checkpoint (optional)' })
  await checkpoint.fill(`v1.1.${'0'.repeat(64)}.1.${'0'.repeat(64)}`)
  await verifyLog.dblclick()
  await expect(
    page.getByRole('status').filter({ hasText: 'This is not a checkpoint of this audit log.' }),
  ).toBeVisible()
  await expectAccessible(page)
})
