/**
 * The PWA loads parts of the catalog (lingui.config.ts): the pages before sign-in their own
 * messages only (`public.po`), the app's screens `app.po`, and the administration's and the store
 * screens' `manage.po` beside it; `app.po` leaves out what `public.po` holds. Their translations are not written twice: this fills each of their
 * messages from the whole catalog (`messages.po`) of the same locale, where translators work. Run after
 * `lingui extract` (`npm run i18n:extract` does); it fails when a message has no translation there.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { formatter } from '@lingui/format-po'
import config from '../../lingui.config.ts'

const po = formatter({ lineNumbers: false })
const folder = new URL('../../src/locales/', import.meta.url)
const missing: string[] = []

for (const locale of config.locales) {
  const context = { locale, sourceLocale: config.sourceLocale ?? 'en' }
  const read = async (name: string) => {
    const filename = new URL(`${locale}/${name}.po`, folder)
    const content = await readFile(filename, 'utf8')
    return {
      filename,
      content,
      catalog: await po.parse(content, { ...context, filename: filename.pathname }),
    }
  }
  const whole = await read('messages')
  const publicIds = new Set(Object.keys((await read('public')).catalog))
  for (const name of ['public', 'app', 'manage']) {
    const part = await read(name)
    // The app's screens load `app` beside `public` (src/i18n.ts): a message of both is sent once.
    const catalog =
      name === 'app'
        ? Object.fromEntries(Object.entries(part.catalog).filter(([id]) => !publicIds.has(id)))
        : part.catalog
    for (const [id, entry] of Object.entries(catalog)) {
      const translation = whole.catalog[id]?.translation
      if (translation) entry.translation = translation
      else if (!entry.translation) missing.push(`${locale} (${name}): ${entry.message ?? id}`)
    }
    const text = await po.serialize(catalog, {
      ...context,
      filename: part.filename.pathname,
      existing: part.content,
    })
    await writeFile(part.filename, text)
  }
}

if (missing.length > 0) {
  console.error(`Not translated in messages.po:\n  ${missing.join('\n  ')}`)
  process.exit(1)
}
