import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiBasePath, appHeader, appId, requestIdHeader } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import {
  assembleImage,
  dockerStages,
  startImage,
  type AssembledImage,
  type RunningImage,
} from '../../scripts/deploy/assemble-image.ts'
import { newSealKey } from '../../scripts/deploy/seal-key.ts'

/*
 * The deployable image (Dockerfile), without Docker: scripts/deploy/assemble-image.ts assembles the files
 * of its last stage as its COPY lines say (production packages from `npm ci --omit=dev`) and
 * starts its CMD with its ENV (NODE_ENV=production) on a PostgreSQL database of its own
 * (TEST_DATABASE_URL; skipped without it). About a minute, most of it `npm ci`.
 */
const adminUrl = process.env.TEST_DATABASE_URL
const projectDir = join(import.meta.dirname, '../..')

async function onAdmin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

describe('the Dockerfile', () => {
  it('runs a Node 24 slim image as a user other than root', () => {
    const stages = dockerStages(readFileSync(join(projectDir, 'Dockerfile'), 'utf8'))
    const last = stages.at(-1)
    expect(last?.image).toMatch(/^node:24(\.\d+)*-(\w+-)?slim$/)
    const user = last?.instructions.findLast((item) => item.keyword === 'USER')
    expect(user?.args).toBeDefined()
    expect(user?.args).not.toMatch(/^(root|0)(:|$)/)
  })
})

describe.skipIf(!adminUrl)('the image, assembled as the Dockerfile does, on PostgreSQL', () => {
  const databaseName = `image_${randomBytes(6).toString('hex')}`
  let image: AssembledImage | undefined
  let running: RunningImage | undefined
  let dataDir = ''

  const server = () => {
    if (!running) throw new Error('not running')
    return running
  }

  beforeAll(async () => {
    if (!adminUrl) return
    await onAdmin(`create database "${databaseName}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${databaseName}`
    dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-image-data-'))
    image = await assembleImage()
    running = await startImage(image, {
      DATABASE_URL: url.href,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUDIT_KEY: randomBytes(32).toString('hex'),
      TRIAL_SEAL_KEYS: JSON.stringify([await newSealKey('image')]),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
    })
  }, 300_000)

  afterAll(async () => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL')
    await image?.remove()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    if (adminUrl) await onAdmin(`drop database if exists "${databaseName}" with (force)`)
  }, 60_000)

  it('holds the server, the built PWA and the production packages, and no tests or build tools', () => {
    const dir = image?.dir ?? ''
    for (const path of ['server/main.ts', 'dist/index.html', 'src/locales/sr/messages.ts']) {
      expect(existsSync(join(dir, path)), path).toBe(true)
    }
    expect(existsSync(join(dir, 'server/db/migrations'))).toBe(true)
    expect(existsSync(join(dir, 'node_modules/pg'))).toBe(true)
    for (const path of ['tests', 'scripts', 'node_modules/vite', 'node_modules/vitest']) {
      expect(existsSync(join(dir, path)), path).toBe(false)
    }
    expect(image?.env.NODE_ENV).toBe('production')
  })

  it('migrates its database, serves the PWA and answers the API in production mode', async () => {
    const page = await fetch(`${server().url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)

    const refused = await fetch(`${server().url}${apiBasePath}/user/login`, {
      method: 'POST',
      headers: { [appHeader]: appId, 'Content-Type': 'application/json', Language: 'en' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong!2345' }),
    })
    expect(refused.status).toBe(401)
    const body: unknown = await refused.json()
    expect(body).toMatchObject({
      code: messages.invalidCredentials.id,
      requestId: refused.headers.get(requestIdHeader),
    })
  })

  it('writes JSON lines, seeds no demo data, and stops cleanly on SIGTERM', async () => {
    const { child, output, exited } = server()
    child.kill('SIGTERM')
    expect(await exited).toEqual({ code: 0, signal: null })
    const text = output.join('')
    expect(text).not.toMatch(/Demo logins/)
    const entries = text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line): unknown => JSON.parse(line))
    expect(entries).toContainEqual(
      expect.objectContaining({ route: `${apiBasePath}/user/login`, status: 401 }),
    )
  })
})
