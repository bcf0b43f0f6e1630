import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { VitePWA } from 'vite-plugin-pwa'
import { readAppVersion } from './server/app-version.ts'

/** Sources only the admin screens use (the bench's list): their features, shared parts and contracts… */
const adminSource =
  /[\\/]src[\\/](features[\\/](users|store-admin|reports|trials|review|audit|devices|backups|customer-rights|content-admin|catalogue-admin)[\\/]|ui[\\/]admin[\\/]|contract[\\/]((endpoints[\\/])?(users|store-admin|device-admin|device-actions|device-action-messages|reports|audit|backups)|endpoints[\\/](review|quarantine-admin|catalogue-admin|content-admin)|review-(requests|messages|labels)|quarantine-(requests|messages)|content-(requests|messages)|catalogue-(requests|messages)|administration-messages)\.ts)/ /** …and the split parts (`?tsr-split`) of the admin routes; their definitions stay in the route tree. */
const adminRoute = /[\\/]src[\\/]routes[\\/]_app[\\/]_admin[\\/.].*\?tsr-split/
/**
 * …and the date field with its calendar library, which only admin forms use: in a chunk of their
 * own (cached apart from the admin screens' code), named so that the service worker leaves it out.
 */
const adminDateField =
  /[\\/](src[\\/]ui[\\/]date-field[.-]|node_modules[\\/](react-day-picker|date-fns|@date-fns[\\/]tz)[\\/])/

/**
 * The rest of the contract: its endpoint entries build their schemas as their module runs, so it
 * stays in chunks that import nothing but the app's and each other (chunks that import each other
 * run in no guaranteed order).
 */
const contractSource = /[\\/]src[\\/]contract[\\/]/
/**
 * …but for what only the Sent list reads (the decisions on one's trials and their reasons' words):
 * with the outbox screen, not in the chunk that every screen and the trial load.
 */
const sentDecisionsSource =
  /[\\/]src[\\/]contract[\\/](endpoints[\\/]trial-decisions|trial-decisions|decision-labels)\.ts$/
/**
 * …of which the customers', the vouchers' and the check-in's are the store screens', not the trial's,
 * and go with the store screens' own shared code (their queries, labels and lists): left to the
 * session chunks, that code joins a chunk the brand expert's home needs (TanStack Query's
 * observers), and the home fetches what only a manager's screens use. The check-in's calls go
 * beside their contract for the same reason. A stored trial's reading (and the report's words it
 * shares, the list its answers are drawn in, the words of its edition and edition 1's words) goes
 * with them too: the customer's trials tab and the trial's page read it, no trial step (the wizard
 * shows its content edition's words).
 */
const storeScreenSource =
  /[\\/]src[\\/](contract[\\/]((endpoints[\\/])?(customers|customer-rights|customer-rights-messages|vouchers|check-in)|store-messages|record-labels|trial-reading|trial-labels|report-columns)\.ts$|ui[\\/](answer-lines\.tsx|edition-words\.ts)$|features[\\/]((customers|vouchers)[\\/][^\\/]+\.tsx?|stores[\\/]check-in\.ts)$)/

/**
 * A tablet's side of the remote actions, with the schema of the actions it is delivered: loaded
 * only when a heartbeat's answer carries some, never with the first chunks.
 */
const remoteActionSource =
  /[\\/]src[\\/](contract[\\/]delivered-actions|offline[\\/]remote-action(s|-plan))\.ts$/

/**
 * The ready panel (settings, and the store picker after a check-in), which home never shows, with
 * what only it reads of the device's state.
 */
const readyPanelSource =
  /[\\/]src[\\/](features[\\/]outbox[\\/]ready-panel(\.module\.css|\.tsx)|offline[\\/](readiness|storage-state)\.ts)$/
/**
 * The fields of a new password and the page for a link without its token: the password pages' and
 * settings' code. Left to the session chunks, they may join one the home screen loads.
 */
const passwordFieldsSource =
  /[\\/]src[\\/]features[\\/]auth[\\/](new-password-fields|link-without-token)\.tsx$/
/** The look-ups' persister (it writes IndexedDB) and the TanStack Query code only it needs. */
const keptLookupsSource =
  /([\\/]src[\\/]offline[\\/]persist-lookups\.ts$|[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$)/
/**
 * The PIN, the lock screen and the kept data's keys: what every sign-in and unlock loads. With
 * them the PIN's rules and the answer hook they use, which otherwise share a chunk with the
 * password pages' fields, and a brand expert's first day loads those pages' code.
 */
const lockSource =
  /[\\/]src[\\/](offline[\\/]vault(-crypto)?\.ts|features[\\/]auth[\\/](device-vault\.ts|passkey\.ts|lock-screen\.tsx|pin-fields\.tsx|idle-(watch|lock)\.ts|guessable-pin\.ts)|ui[\\/]use-answer\.ts)$/
/**
 * The dialogs' and toasts' primitives (Radix and what it brings), the toasts' queue and the
 * confirmation dialog, which load with the first dialog or toast: no trial step needs them. Left
 * to the session chunks, the confirmation dialog could join the store picker's chunk, and bring
 * Radix onto the trial path with it.
 */
const dialogPrimitives =
  /([\\/]node_modules[\\/](@radix-ui|react-remove-scroll(-bar)?|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]|[\\/]src[\\/]ui[\\/](toast[\\/]toast-queue\.ts|confirm-dialog\.tsx)$)/

/**
 * The records' table (lists, the Sent list, a customer's tabs), which no trial step draws: left to
 * the session chunks, it may join the store box's chunk that the trial loads.
 */
const recordTableSource = /[\\/]src[\\/]ui[\\/]record-table\.tsx$/
/** The search screens' panel (managers' and administrators' screens). */
const searchPanelSource = /[\\/]src[\\/]ui[\\/]search-panel\.tsx$/
/** TanStack Query's hooks for reading (`useQuery`, `useInfiniteQuery`…) and their observers. */
const queryHooks =
  /[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](queryObserver|infiniteQueryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|useSuspenseQuery|queryOptions|infiniteQueryOptions|useInfiniteQuery)\.js$/
/**
 * What counts, sends and reports the outbox: the header and the runner, on every screen; with the
 * device's database (Dexie), which they, the lock and the kept look-ups all read.
 */
const outboxSource =
  /([\\/]src[\\/]offline[\\/](outbox[\\/](use-outbox|outbox-runner|outbox|outbox-state|heartbeat|latest-state|send-trial|sender-lock)|open-problem|device|seal-key|kept-seal-key|database)\.ts$|[\\/]node_modules[\\/]dexie[\\/])/

/**
 * The hand-over of refused trials to the server's quarantine, with its contract: loaded by the
 * runner only when refused trials are on the device.
 */
const quarantineSource =
  /[\\/]src[\\/](offline[\\/]outbox[\\/](quarantine|refused)|contract[\\/](endpoints[\\/])?quarantine)\.ts$/

/**
 * The entry keeps its name from one build to the next (its CSS too): it holds every screen's
 * loader, so it changes whenever a screen does, and under a hashed name every chunk that imports
 * it (most of them) would change its name with it: a one-screen update would send a tablet most
 * of the app again. The server revalidates these two files (server/http/static-files.ts), and the
 * worker's list gives them a revision; every other file in `assets/` is named by its content.
 */
const entryFiles = { js: 'assets/index.js', css: 'assets/index.css' }
const hashedAsset = /^assets\/.+-[\w-]{8}\.(js|css)$/

/** A `session` chunk is named after every screen that shares it: too long for a file name. */
function fileName(name: string): string {
  return name.startsWith('session~') ? 'session' : '[name]'
}

/**
 * The shared message descriptors of `src/contract/` (`/*i18n*\/ { id, message }`) keep only their
 * id in the PWA's build: the compiled catalogs carry every text, in me, sr and en. The server
 * imports the sources as they are. A descriptor of another shape fails the build.
 */
function contractMessageIdsOnly(): Plugin {
  const descriptor =
    /\/\*i18n\*\/\s*\{\s*id:\s*('[^']+'),\s*message:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),?\s*\}/g
  return {
    name: 'contract-message-ids-only',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/ },
      handler(code, id) {
        if (!code.includes('/*i18n*/')) return null
        // Lines are kept (each removed line break is put back), so the source map stays close.
        const stripped = code.replace(
          descriptor,
          (match, messageId: string) =>
            `{ id: ${messageId} }${'\n'.repeat(match.split('\n').length - 1)}`,
        )
        if (stripped.includes('/*i18n*/'))
          this.error(`${id}: a /*i18n*/ descriptor of another shape`)
        return { code: stripped, map: null }
      },
    },
  }
}

/**
 * An endpoint's `summary` is for the API's reference (the OpenAPI document the server makes from
 * the same sources): the PWA's build leaves it empty.
 */
function endpointSummariesLeftOut(): Plugin {
  const summary = /summary:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`),/g
  return {
    name: 'endpoint-summaries-left-out',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/]contract[\\/]endpoints[\\/][^\\/]+\.ts$/ },
      handler(code) {
        // Lines are kept, so the source map stays close.
        const stripped = code.replace(
          summary,
          (match) => `summary: '',${'\n'.repeat(match.split('\n').length - 1)}`,
        )
        return { code: stripped, map: null }
      },
    },
  }
}

/**
 * What a signed-in start runs before the home draws: the device's kept look-ups
 * (src/offline/persist-lookups.ts, read before the first screen), and the split parts of the
 * routes the home is drawn from (the app's frame, then home; not their error or pending parts).
 */
const homeModules = [
  // Entering the app keeps its look-ups and fetches the catalogue and the stores for offline use.
  /[\\/]src[\\/]app[\\/]warm-offline\.ts$/,
  /[\\/]src[\\/]offline[\\/]persist-lookups\.ts$/,
  // Started once the home has painted, on every signed-in start: fetched with the page.
  /[\\/]src[\\/]offline[\\/]outbox[\\/]outbox-runner\.ts$/,
  // A signed-in start shows the lock screen first (src/features/auth/lock-gate.tsx).
  /[\\/]src[\\/]features[\\/]auth[\\/]lock-screen\.tsx$/,
  /[\\/]src[\\/]routes[\\/](_app|_app[\\/]_store|_app[\\/]_store[\\/]index)\.tsx\?tsr-split=(?!errorComponent|notFoundComponent|pendingComponent)/,
]

/**
 * `index.html` asks for the signed-in home's code with the page (`<link rel="modulepreload">`, and
 * `rel="preload"` for its CSS): the chunks of `homeModules` and what they import, beside the entry
 * instead of after it has run (one round trip and the entry's run fewer before the home draws).
 * Managers and brand experts start there, and every signed-in screen shares most of it. The links
 * are marked `data-home`: the prerendered sign-in page leaves them out (scripts/build/prerender-login.ts).
 */
function preloadHome(): Plugin {
  return {
    name: 'preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const wanted = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = byFileName.get(fileName)
          if (!chunk || chunk.isEntry || wanted.has(fileName)) return
          wanted.add(fileName)
          chunk.imports.forEach(visit)
        }
        for (const module of homeModules) {
          const holding = chunks.filter((chunk) => chunk.moduleIds.some((id) => module.test(id)))
          // A module moved or renamed: the list above is out of date.
          if (holding.length === 0) throw new Error(`preload-home: no chunk holds ${module}`)
          for (const chunk of holding) visit(chunk.fileName)
        }
        const link = (rel: string, href: string, as?: string) => ({
          tag: 'link',
          attrs: {
            rel,
            ...(as ? { as } : {}),
            crossorigin: true,
            href: `/${href}`,
            'data-home': true,
          },
          injectTo: 'head' as const,
        })
        return [...wanted].flatMap((fileName) => [
          link('modulepreload', fileName),
          ...[...(byFileName.get(fileName)?.viteMetadata?.importedCss ?? [])].map((css) =>
            link('preload', css, 'style'),
          ),
        ])
      },
    },
  }
}

/**
 * A CSS module's class: its name and a short hash of its file's path in the project. Unique, the
 * same on every checkout, and shorter than the default's underscore and line number, which the
 * first screen's JS carries for every class it names.
 */
function scopedClassName(name: string, file: string): string {
  const fileHash = createHash('sha256').update(relative(import.meta.dirname, file))
  return `${name}_${fileHash.digest('base64url').slice(0, 5)}`
}

// Build-time configuration of the PWA. The same variables configure the server at run time,
// so `npm start` builds the client with the values the server enforces.
const env = process.env

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routeFileIgnorePrefix: '-',
      // A route's loader travels with its component, so the route tree the entry loads holds
      // only guards, params and search schemas (not the query code of every screen).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['errorComponent'],
          ['notFoundComponent'],
          ['pendingComponent'],
        ],
      },
    }),
    contractMessageIdsOnly(),
    endpointSummariesLeftOut(),
    preloadHome(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/offline/service-worker.ts (workbox-window), which owns the update prompt.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Admin code is fetched by admins when they open it, never by everyone's service worker.
        globIgnores: ['**/node_modules/**/*', 'assets/admin-only-*'],
        // Files named by their content need no revision; the entry's (`entryFiles`) do.
        dontCacheBustURLsMatching: hashedAsset,
      },
      manifest: {
        name: 'Brand Expert',
        short_name: 'Brand Expert',
        description: 'Free guided trials, vouchers and customers for in-store brand experts',
        lang: 'sr-Latn-ME',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b4f9c',
        background_color: '#f3f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  define: {
    'import.meta.env.VITE_ALLOWED_EMAIL_DOMAINS': JSON.stringify(
      env.ALLOWED_EMAIL_DOMAINS ?? 'example.com,example.rs,example.me',
    ),
    'import.meta.env.VITE_SUPPORT_EMAIL': JSON.stringify(env.SUPPORT_EMAIL ?? 'podrska@example.me'),
    // The stores' time zone, the server's TIME_ZONE: "today" is the stores' day on any device.
    'import.meta.env.VITE_TIME_ZONE': JSON.stringify(env.TIME_ZONE ?? 'Europe/Belgrade'),
    // The build's version (docs/api.md#the-minimum-app-version): sent as App-Version, shown in
    // settings.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(readAppVersion()),
    // Minutes without a touch after which the app locks (docs/security.md#the-idle-lock).
    'import.meta.env.VITE_IDLE_LOCK_MINUTES': JSON.stringify(env.IDLE_LOCK_MINUTES ?? '5'),
    'import.meta.env.VITE_IDLE_LOCK_WIZARD_MINUTES': JSON.stringify(
      env.IDLE_LOCK_WIZARD_MINUTES ?? '15',
    ),
    // How many people the sign-in page offers to unlock on a shared tablet (docs/security.md).
    'import.meta.env.VITE_TABLET_PEOPLE': JSON.stringify(env.TABLET_PEOPLE ?? '6'),
  },
  css: { modules: { generateScopedName: scopedClassName } },
  resolve: {
    alias: [
      // The packages' modern builds: smaller than the ES5 ones their entries point to.
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
      // React 19 has useSyncExternalStore: the package's own non-shim entries use it directly.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'use-sync-external-store',
      },
    ],
  },
  build: {
    target: 'es2023',
    // Written for the bundle benchmark and for reading a stack trace, but not named in the files
    // a browser loads; the server does not send them in production (server/http/static-files.ts).
    sourcemap: 'hidden',
    // No polyfill for <link rel="modulepreload">: a browser without it loads each module when
    // it is imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        entryFileNames: entryFiles.js,
        chunkFileNames: ({ name }) => `assets/${fileName(name)}-[hash].js`,
        assetFileNames: ({ names }) =>
          names[0] === 'index.css'
            ? entryFiles.css
            : `assets/${fileName(names[0] ?? '')}-[hash][extname]`,
        codeSplitting: {
          groups: [
            // Everything the first screen imports, in one file: one request, and one gzip
            // dictionary instead of a dozen.
            { name: 'app', tags: ['$initial'] },
            {
              name: 'admin-only-date-field',
              test: adminDateField,
              includeDependenciesRecursively: false,
            },
            {
              // One chunk of admin code (named for the service worker's globIgnores); what it
              // shares with other screens stays in their chunks.
              name: 'admin-only',
              test: (id) => adminSource.test(id) || adminRoute.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // The look-ups' persister, which every screen after sign-in loads (warm-offline.ts):
              // in a chunk of its own, so that the session chunks' merging never puts it beside
              // code the home screen does not use (the toasts' dialog primitives).
              name: 'kept-lookups',
              test: keptLookupsSource,
              includeDependenciesRecursively: false,
            },
            {
              // Loaded at sign-in and by the lock screen, beside nothing a screen may not need.
              name: 'lock',
              test: lockSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'quarantine',
              test: quarantineSource,
              includeDependenciesRecursively: false,
            },
            {
              // Every screen after sign-in loads it (the header's count, the runner): beside
              // nothing else, so that no screen's dialog joins it.
              name: 'outbox',
              test: outboxSource,
              includeDependenciesRecursively: false,
            },
            {
              // In a chunk of their own, so that merging small session chunks never puts them
              // beside what the home screen and the trial load (the outbox count, the catalogue).
              name: 'dialogs',
              test: dialogPrimitives,
              includeDependenciesRecursively: false,
            },
            {
              name: 'record-table',
              test: recordTableSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'search-panel',
              test: searchPanelSource,
              includeDependenciesRecursively: false,
            },
            {
              // Shared by two screens, the panel would otherwise join a session chunk that a brand
              // expert's home loads.
              name: 'ready-panel',
              test: readyPanelSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'password-fields',
              test: passwordFieldsSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'store-screens',
              test: storeScreenSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'sent-decisions',
              test: sentDecisionsSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'remote-actions',
              test: remoteActionSource,
              includeDependenciesRecursively: false,
            },
            {
              name: 'contract',
              test: (id) => contractSource.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // The query hooks and the observers they build on, together: split by the screens
              // that use them, the paged lists' observer landed in a chunk apart from the observer
              // it extends, and the two chunks imported each other (a class extending one not yet
              // defined fails as the page loads).
              name: 'query-hooks',
              test: queryHooks,
              includeDependenciesRecursively: false,
            },
            {
              // Code that screens after sign-in share, in chunks by the screens that use it
              // (so a brand expert does not load a manager's voucher dialog); chunks under
              // 20 kB join their nearest neighbour, so a screen loads a few files, not dozens.
              name: 'session',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 60_000,
              test: (id) =>
                !adminSource.test(id) && !adminRoute.test(id) && !adminDateField.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/assets': 'http://localhost:3000' } },
})
