/**
 * The server's entry (`npm start`, `npm run serve`): turns on Node's compile cache before any
 * other module loads, so that a restart reads the compiled code of the server's modules (type
 * stripping included) and of its packages from the system's temporary folder instead of compiling
 * them again, locks the embedded database's folder and starts a new one's copy of its template,
 * then starts the server: `serve.ts`.
 */
import module from 'node:module'

module.enableCompileCache()

/**
 * drizzle-orm's package.json holds a large `exports` map, and Node (24) parses it again for each
 * import that needs it. drizzle-orm's files import each other by relative `.js` paths, and for
 * each of them Node reads the package's type from it, a noticeable part of every start. The
 * package is ESM (`"type": "module"`), so such an import is resolved here as Node would, minus
 * that look-up. The project's own files import `drizzle-orm` and its parts by name some fifty
 * times, each resolved through that map: one resolution of each name serves them all, since they
 * all find the one package in the project's node_modules.
 */
const drizzle = new URL('../node_modules/drizzle-orm/', import.meta.url).href
const project = new URL('../', import.meta.url).href
const resolvedByName = new Map<string, module.ResolveFnOutput>()
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL
    if (parent?.startsWith(drizzle) && specifier.startsWith('.') && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true }
    }
    const byName = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')
    if (byName && parent?.startsWith(project) && !parent.includes('/node_modules/')) {
      const key = `${specifier} ${context.conditions.join()}`
      const resolved = resolvedByName.get(key) ?? nextResolve(specifier, context)
      resolvedByName.set(key, resolved)
      return { ...resolved, shortCircuit: true }
    }
    return nextResolve(specifier, context)
  },
})

/**
 * A first start on the embedded database copies the build's migrated template into the data
 * folder: on a worker thread, while this thread loads the server's modules, which takes about as
 * long. `openDatabase` waits for the copy.
 */
const { loadConfig } = await import('./config.ts')
const { copyTemplateInto, pgliteFolder } = await import('./db/pglite-template.ts')
const { lockFolder } = await import('./db/folder-lock.ts')
const config = loadConfig()
if (!config.databaseUrl) {
  const folder = pgliteFolder(config.dataDir)
  // Before the copy: a second server on the same folder stops here, having written nothing.
  try {
    lockFolder(folder)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  void copyTemplateInto(folder)
}

await import('./serve.ts')
