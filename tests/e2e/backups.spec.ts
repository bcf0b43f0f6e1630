import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect, signIn, demo, expectAccessible } from './fixtures.ts'

const run = promisify(execFile)

test('the dashboard shows that there is no backup yet, then the last one’s time and size', async ({
  page,
}) => {
  // A whole backup made by a process of its own, then axe over the dashboard: more than the
  // default 30 s on a busy machine.
  test.setTimeout(90_000)
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Last backup' })
  await expect(card).toContainText('No backup yet: run npm run backup, or set BACKUP_EVERY_HOURS.')

  // As an operator would: the running server is asked for a backup through its data folder.
  await run(process.execPath, ['server/backup.ts'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  })
  await page.reload()
  await expect(card).toContainText(/^Last backupMade .+; \d+ MB\.$/)
  await expectAccessible(page)
})
