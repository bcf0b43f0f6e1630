import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import globals from 'globals'

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
      // One-way imports (style.md): shared code -> features -> routes; a feature keeps to itself.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/contract/**',
              from: [
                './src/ui/**',
                './src/api/**',
                './src/offline/**',
                './src/features/**',
                './src/routes/**',
                './server/**',
              ],
            },
            {
              target: ['./src/ui/**', './src/api/**', './src/offline/**'],
              from: ['./src/features/**', './src/routes/**'],
            },
            { target: './src/features/**', from: './src/routes/**' },
            { target: './src/**', from: ['./server/**', './tests/**'] },
            {
              target: './server/**',
              from: [
                './src/ui/**',
                './src/api/**',
                './src/offline/**',
                './src/features/**',
                './src/routes/**',
              ],
            },
          ],
        },
      ],
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
