/**
 * `node tests/support/build-release.ts <outDir> <version>`: the PWA built as `npm run build`'s
 * `vite build` builds it, into `outDir`, but naming itself `version` (its `App-Version`): another
 * release of the app than `dist/`, for a test that serves one release after another. Its sign-in
 * page is not prerendered and its files are not precompressed; the server serves them as they are.
 */
import { resolve } from 'node:path'
import { build } from 'vite'

const [outDir, version] = process.argv.slice(2)
if (!outDir || !version) {
  throw new Error('usage: node tests/support/build-release.ts <outDir> <version>')
}
await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: { outDir: resolve(outDir), emptyOutDir: true },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
})
