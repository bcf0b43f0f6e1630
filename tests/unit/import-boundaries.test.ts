import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

// The project's own lint configuration, run on a text placed at a path inside the app: only the
// boundary rule, without the type information the other rules need (it takes half a minute).
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
})

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('import boundaries', { timeout: 20_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      "export { voucherStatusTone } from '../vouchers/voucher-status.ts'\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature imports no other feature')])
  })

  it('lets a feature import its own files and the shared layers', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      [
        "export { userKeys } from './user-queries.ts'",
        "export { nextPage } from '../../api/paging.ts'",
        "export { RecordTable } from '../../ui/record-table.tsx'",
        "export { idParams } from '../../routing/route-params.ts'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  it('refuses a shared layer importing a feature or the app shell', async () => {
    const errors = await boundaryErrors(
      'src/ui/cx.ts',
      [
        "export { userKeys } from '../features/users/user-queries.ts'",
        "export { NotFound } from '../app/not-found.tsx'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([
      expect.stringContaining('The shared layers import no feature'),
      expect.stringContaining('The shared layers import no feature'),
    ])
  })

  it('refuses a feature importing the app shell', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      "export { NotFound } from '../../app/not-found.tsx'\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature imports neither the app shell')])
  })

  it('lets a route compose several features and the shell', async () => {
    const errors = await boundaryErrors(
      'src/routes/_app/settings.tsx',
      [
        "export { ProfileCard } from '../../features/settings/profile-card.tsx'",
        "export { CheckOutCard } from '../../features/stores/check-out-card.tsx'",
        "export { NotFound } from '../../app/not-found.tsx'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })
})
