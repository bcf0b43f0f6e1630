/**
 * The server's entry (`npm start`, `npm run serve`): turns on Node's compile cache before any
 * other module loads, so that a restart reads the compiled code of the server's modules (type
 * stripping included) and of its packages from the system's temporary folder instead of compiling
 * them again (a quarter of the loading's CPU time), starts a new embedded database's copy of its
 * template, then starts the server: `serve.ts`.
 */
import module from 'node:module'

module.enableCompileCache()

/**
 * drizzle-orm's files import each other by relative `.js` paths, and for each of them Node (24)
 * reads the package's type from its package.json, parsing the 179 KB `exports` map again every
 * time: 0.4 s of every start. The package is ESM (`"type": "module"`), so such an import is
 * resolved here as Node would, minus that look-up.
 */
const drizzle = new URL('../node_modules/drizzle-orm/', import.meta.url).href
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL
    if (parent?.startsWith(drizzle) && specifier.startsWith('.') && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true }
    }
    return nextResolve(specifier, context)
  },
})

/**
 * A first start on the embedded database copies the build's migrated template into the data
 * folder (half a second here): on a worker thread, while this thread loads the server's modules,
 * which takes as long. `openDatabase` waits for the copy.
 */
const { loadConfig } = await import('./config.ts')
const { copyTemplateInto, pgliteFolder } = await import('./db/pglite-template.ts')
const config = loadConfig()
if (!config.databaseUrl) void copyTemplateInto(pgliteFolder(config.dataDir))

await import('./serve.ts')
