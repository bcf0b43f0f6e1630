/**
 * The server's entry (`npm start`, `npm run serve`): turns on Node's compile cache before any
 * other module loads, so that a restart reads the compiled code of the server's modules (type
 * stripping included) and of its packages from the system's temporary folder instead of compiling
 * them again (a quarter of the loading's CPU time), then starts the server: `serve.ts`.
 */
import module from 'node:module'

module.enableCompileCache()
await import('./serve.ts')
