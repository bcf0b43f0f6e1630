import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrated templates the files' databases are copied from.
          globalSetup: ['tests/api/support/global-setup.ts'],
          // A fast slice of the fuzzer (its requests per database); `npm run audit:fuzz` sends
          // 10,000 (`FUZZ_RUNS`), as docs/quality.md asks.
          env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '200' },
          // Files side by side, each on databases of its own: a file spends much of its time waiting
          // on its database (or on password hashing in the other thread pool), so three workers keep
          // two cores busy. `--no-file-parallelism` runs them one at a time.
          maxWorkers: 3,
        },
      },
    ],
  },
})
