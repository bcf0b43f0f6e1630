import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectDir } from './server.ts'

/** One file of the worker's list: its path in the build, and its revision (none when hashed). */
export type Entry = { url: string; revision: string | null }

/** The worker's list of the app's files (workbox's precache entries) in a build. */
export function precacheList(dist: string): Entry[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8')
  return [...sw.matchAll(/\{"revision":(null|"[^"]*"),"url":"([^"]+)"\}/g)].map((match) => ({
    revision: match[1] === 'null' ? null : (match[1] ?? '').slice(1, -1),
    url: match[2] ?? '',
  }))
}

/** A file's size as the server sends it: its Brotli twin where the build made one. */
export function sentSize(dist: string, url: string): number {
  const file = join(dist, url)
  return readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length
}

/** The app's files the worker keeps (their paths) and their size as the server sends them. */
export function shellFiles(dist = join(projectDir, 'dist')): { paths: Set<string>; bytes: number } {
  const urls = precacheList(dist).map((entry) => entry.url)
  const bytes = urls.reduce((total, url) => total + sentSize(dist, url), 0)
  return { paths: new Set(urls.map((url) => `/${url}`)), bytes }
}
