import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/** The feature folders: each may import from itself and the layers below, never from another. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** The server's folders other than server/db, which is below them all. */
const serverFoldersAboveDb = readdirSync(new URL('./server', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && entry.name !== 'db')
  .map((entry) => `./server/${entry.name}`)

/** The shared layers below the features: they know no feature, no shell and no route. */
const lowerLayers = [
  './src/contract',
  './src/ui',
  './src/api',
  './src/routing',
  './src/offline',
  './src/config.ts',
  './src/i18n.ts',
]

const boundaryZones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature imports no other feature: move what both need down (src/ui, src/api, src/routing) or compose the two in the route.',
  })),
  {
    target: lowerLayers,
    from: ['./src/features', './src/app', './src/routes'],
    message: 'The shared layers import no feature, no app shell and no route.',
  },
  {
    target: './src/contract',
    from: ['./src/ui', './src/api', './src/routing', './src/offline', './server'],
    message: 'The contract is shared with the server: it imports only itself and libraries.',
  },
  {
    target: './src/api',
    from: ['./src/ui', './src/routing', './src/offline'],
    message:
      'src/api is the floor of the shared layers: src/ui, src/routing and src/offline import it, not the other way.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message: 'A feature imports neither the app shell nor a route.',
  },
  { target: './src/app', from: './src/routes', message: 'The app shell imports no route.' },
  {
    target: [
      './src/api',
      './src/routing',
      './src/offline',
      './src/ui',
      './src/features',
      './src/app',
      './src/routes',
    ],
    from: './src/contract/endpoints/all.ts',
    message:
      "The PWA imports single endpoint entries from their resource's module: the table of all of them would bring every resource's schemas.",
  },
  {
    target: ['./src/features', './src/app', './src/routes', './src/main.tsx'],
    from: './src/offline/outbox',
    except: ['./index.ts', './start-outbox.ts', './refused.ts'],
    message:
      'The outbox is used through its front door, src/offline/outbox/index.ts (start-outbox.ts only starts its runner after the first screen; refused.ts is pure, in the chunk the outbox screen and the runner load apart).',
  },
  { target: './src', from: ['./server', './tests'] },
  {
    target: './server/db',
    from: serverFoldersAboveDb,
    message:
      'server/db is the floor of the server: the demo data, the routes and the rest import it, not the other way.',
  },
  {
    target: './server',
    from: [
      './src/ui',
      './src/api',
      './src/routing',
      './src/offline',
      './src/features',
      './src/app',
      './src/routes',
    ],
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'src/routeTree.gen.ts',
      'src/locales',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, lingui },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-non-null-assertion': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One-way imports (docs/architecture.md#layers): the contract; then api; then ui, routing
      // and offline; then the features, each sealed; then the app shell; then the routes. On the
      // server, db below the other folders.
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      'lingui/no-unlocalized-strings': 'off',
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  {
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
)
