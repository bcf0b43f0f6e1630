/**
 * The image's files without Docker: reads the `Dockerfile`, runs its `dependencies` stage
 * (`npm ci --omit=dev`) in a temporary folder, copies what its last stage's `COPY` lines copy
 * (the `build` stage's files from this project once built: `npm run build` first when `dist/` is
 * missing), and starts its `CMD` with its `ENV` on PostgreSQL. Reading the Dockerfile itself keeps
 * the two from drifting apart; a line it cannot follow stops it.
 *
 *   DATABASE_URL=postgres://… node scripts/deploy/assemble-image.ts [--keep]
 *
 * It waits for `/api/v1/ready`, asks for the PWA and for a sign-in, stops the server (SIGTERM)
 * and prints what it saw; `--keep` leaves the assembled folder. tests/api/image.test.ts runs it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, matchesGlob, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from './haproxy.ts'
import { newSealKey } from './seal-key.ts'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))

type Instruction = { keyword: string; args: string }
type Stage = { name: string; image: string; instructions: Instruction[] }

/** The Dockerfile's stages, with continued lines joined and comments left out. */
export function dockerStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const stages: Stage[] = []
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/)
    const args = rest.join(' ')
    if (keyword.toUpperCase() === 'FROM') {
      const name = / AS (\S+)$/i.exec(args)?.[1] ?? ''
      stages.push({ name, image: rest[0] ?? '', instructions: [] })
    } else {
      const stage = stages.at(-1)
      if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`)
      stage.instructions.push({ keyword: keyword.toUpperCase(), args })
    }
  }
  return stages
}

type Copy = { from: string | undefined; sources: string[]; destination: string }

function copyOf(args: string): Copy {
  const words = args.split(/\s+/)
  const from = /^--from=(\S+)$/.exec(words[0] ?? '')?.[1]
  const paths = from === undefined ? words : words.slice(1)
  const destination = paths.pop()
  if (!destination || paths.length === 0 || paths.some((path) => path.startsWith('--'))) {
    throw new Error(`Dockerfile: a COPY this script cannot follow: COPY ${args}`)
  }
  if (paths.length > 1 && !destination.endsWith('/')) {
    throw new Error(`Dockerfile: COPY of several files to ${destination}, not a folder`)
  }
  return { from, sources: paths, destination }
}

function workdirOf(stage: Stage): string {
  const found = stage.instructions.findLast((item) => item.keyword === 'WORKDIR')
  return found?.args ?? '/'
}

/** `.dockerignore`'s patterns: what a COPY from the build context leaves out. */
function ignoredInContext(): (path: string) => boolean {
  const file = join(projectDir, '.dockerignore')
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
    : []
  return (path) =>
    patterns.some((pattern) => matchesGlob(path, pattern) || path.startsWith(`${pattern}/`))
}

/** Copies `sources` (relative to `root`) to `destination` (relative to `into`), as COPY does. */
async function copyInto(
  root: string,
  copy: Copy,
  into: string,
  workdir: string,
  ignored?: (path: string) => boolean,
) {
  for (const source of copy.sources) {
    const from = join(root, source.startsWith('/') ? relative(workdir, source) : source)
    if (!existsSync(from)) throw new Error(`COPY ${source}: ${from} does not exist`)
    const name = source.split('/').filter(Boolean).at(-1) ?? ''
    const destination = copy.destination.endsWith('/')
      ? join(into, copy.destination, name)
      : join(into, copy.destination)
    await cp(from, destination, {
      recursive: true,
      filter: (path) => !ignored?.(relative(projectDir, path)),
    })
  }
}

export type AssembledImage = {
  /** The image's working folder (its WORKDIR). */
  dir: string
  /** The last stage's ENV. */
  env: Record<string, string>
  /** Its CMD, with this machine's Node for `node`. */
  command: string[]
  /** Every COPY of the last stage, as written. */
  copies: string[]
  remove: () => Promise<void>
}

/** Assembles the last stage's files in a temporary folder. */
export async function assembleImage(
  log: (line: string) => void = () => {},
): Promise<AssembledImage> {
  const stages = dockerStages(readFileSync(join(projectDir, 'Dockerfile'), 'utf8'))
  const last = stages.at(-1)
  if (!last) throw new Error('Dockerfile: no stage')
  const folder = await mkdtemp(join(tmpdir(), 'brand-expert-image-'))
  const dir = join(folder, 'app')
  await mkdir(dir)
  const remove = () => rm(folder, { recursive: true, force: true })
  try {
    const roots = new Map<string, string>()
    const copies = last.instructions
      .filter((item) => item.keyword === 'COPY')
      .map((item) => copyOf(item.args))
    for (const from of new Set(copies.map((copy) => copy.from))) {
      if (from === undefined) continue
      roots.set(from, await stageRoot(stages, from, folder, log))
    }
    const ignored = ignoredInContext()
    for (const copy of copies) {
      const root = copy.from === undefined ? projectDir : (roots.get(copy.from) ?? projectDir)
      const stage = stages.find((item) => item.name === copy.from)
      await copyInto(
        root,
        copy,
        dir,
        stage ? workdirOf(stage) : '/',
        copy.from === undefined ? ignored : undefined,
      )
    }
    const env: Record<string, string> = {}
    for (const item of last.instructions.filter((entry) => entry.keyword === 'ENV')) {
      for (const pair of item.args.split(/\s+/)) {
        const [name, value] = pair.split('=')
        if (!name || value === undefined)
          throw new Error(`Dockerfile: ENV ${item.args}: write NAME=value`)
        env[name] = value
      }
    }
    const cmd = last.instructions.findLast((item) => item.keyword === 'CMD')
    const command: unknown = JSON.parse(cmd?.args ?? 'null')
    if (!Array.isArray(command) || !command.every((word) => typeof word === 'string')) {
      throw new Error('Dockerfile: CMD must be a JSON array of strings')
    }
    const words = command.map(String)
    const program = words[0] === 'node' ? process.execPath : (words[0] ?? '')
    return {
      dir,
      env,
      command: [program, ...words.slice(1)],
      copies: last.instructions.filter((item) => item.keyword === 'COPY').map((item) => item.args),
      remove,
    }
  } catch (error) {
    await remove()
    throw error
  }
}

/**
 * Where a stage's files are: the `build` stage's are this project's, built (what `npm run build`
 * makes in the image is made here); any other stage is run, its COPY lines from the project and
 * its RUN lines in a folder of its own.
 */
async function stageRoot(
  stages: Stage[],
  name: string,
  folder: string,
  log: (line: string) => void,
) {
  const stage = stages.find((item) => item.name === name)
  if (!stage) throw new Error(`Dockerfile: no stage ${name}`)
  if (name === 'build') {
    if (!existsSync(join(projectDir, 'dist', 'index.html'))) {
      log('dist/ is missing: npm run build')
      execFileSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit' })
    }
    return projectDir
  }
  const root = join(folder, name)
  await mkdir(root)
  for (const item of stage.instructions) {
    if (item.keyword === 'COPY') {
      await copyInto(projectDir, copyOf(item.args), root, workdirOf(stage), ignoredInContext())
    } else if (item.keyword === 'RUN') {
      log(`${name}: ${item.args}`)
      execFileSync('sh', ['-c', item.args], { cwd: root, stdio: 'pipe' })
    } else if (!['WORKDIR', 'ENV'].includes(item.keyword)) {
      throw new Error(`Dockerfile: stage ${name}: ${item.keyword} is not followed here`)
    }
  }
  return root
}

export type RunningImage = {
  url: string
  child: ChildProcess
  output: string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts the assembled image's CMD with its ENV, this machine's PATH, and `env` over them (the
 * container's own environment: DATABASE_URL, JWT_SECRET, …), and waits for `/api/v1/ready`.
 */
export async function startImage(
  image: AssembledImage,
  env: Record<string, string>,
): Promise<RunningImage> {
  const port = await freePort()
  const [program = '', ...args] = image.command
  const child = spawn(program, args, {
    cwd: image.dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...image.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the image's server ended:\n${output.join('')}`)
    const status = await fetch(`${url}/api/v1/ready`).then(
      (answer) => answer.status,
      () => 0,
    )
    if (status === 200) return { url, child, output, exited }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the image's server was not ready in 60 s:\n${output.join('')}`)
    }
    await sleep(200)
  }
}

if (import.meta.main) {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    console.error('DATABASE_URL=postgres://… node scripts/deploy/assemble-image.ts [--keep]')
    process.exit(1)
  }
  const started = Date.now()
  const image = await assembleImage(console.info)
  console.info(`Assembled ${image.dir} in ${Math.round((Date.now() - started) / 1000)} s`)
  const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-image-data-'))
  const running = await startImage(image, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUDIT_KEY: randomBytes(32).toString('hex'),
    TRIAL_SEAL_KEYS: JSON.stringify([await newSealKey('image')]),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
  })
  const page = await fetch(`${running.url}/`)
  const signIn = await fetch(`${running.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-APP': 'brand-expert-pwa' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong!2345' }),
  })
  console.info(`Ready on ${running.url}: GET / ${page.status}, a wrong sign-in ${signIn.status}`)
  running.child.kill('SIGTERM')
  const exit = await running.exited
  console.info(`Stopped: ${JSON.stringify(exit)}`)
  await rm(dataDir, { recursive: true, force: true })
  if (!process.argv.includes('--keep')) await image.remove()
  process.exit(page.status === 200 && signIn.status === 401 && exit.code === 0 ? 0 : 1)
}
