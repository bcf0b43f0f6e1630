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
          globalSetup: ['tests/api/global-setup.ts'],
          // One file at a time: each file builds its own app and databases, and the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
