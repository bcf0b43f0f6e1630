/**
 * How each test file's databases are made. By default they are copies of a migrated template
 * (the build's for PGlite, one made per run for PostgreSQL), and the files run side by side.
 * `API_TEST_DATABASES=migrate` migrates every database from empty instead: with
 * `--no-file-parallelism` that is the serial configuration the suite's wall time is compared with
 * (`npm run bench -- --only api-suite`).
 */
export const fromTemplates = process.env.API_TEST_DATABASES !== 'migrate'
