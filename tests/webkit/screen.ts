import { writeFile } from 'node:fs/promises'
import { By, Key, type WebDriver, type WebElement } from 'selenium-webdriver'
import { demoPin } from '../support/sign-in.ts'

/** A name as the test reads it: a string is the whole accessible name, a RegExp a part of it. */
type Name = string | RegExp

/**
 * What a person looks for on the screen: an element of an ARIA role (`heading` with its level)
 * and accessible name, or a form field by its label; optionally inside another such element.
 */
export type Query =
  | { role: string; name?: Name; level?: number; text?: Name; within?: Query }
  | { label: Name; within?: Query }

/**
 * An element of `role` named `name`; `level` for headings, `text` for what it shows (a status or
 * an alert has no name of its own).
 */
export function byRole(
  role: string,
  name?: Name,
  options: { level?: number; text?: Name } = {},
): Query {
  return { role, ...(name === undefined ? {} : { name }), ...options }
}

export function byLabel(label: Name): Query {
  return { label }
}

export function within(container: Query, query: Query): Query {
  return { ...query, within: container }
}

/** The query as it crosses to the page: a RegExp travels as its source and flags. */
type PageName = { exact: string } | { source: string; flags: string }
type PageQuery = {
  role?: string
  label?: PageName
  name?: PageName
  level?: number
  text?: PageName
  within?: PageQuery
}

function toPage(query: Query): PageQuery {
  const name = (value: Name): PageName =>
    typeof value === 'string' ? { exact: value } : { source: value.source, flags: value.flags }
  const container = query.within ? { within: toPage(query.within) } : {}
  if ('label' in query) return { label: name(query.label), ...container }
  return {
    role: query.role,
    ...(query.name === undefined ? {} : { name: name(query.name) }),
    ...(query.level === undefined ? {} : { level: query.level }),
    ...(query.text === undefined ? {} : { text: name(query.text) }),
    ...container,
  }
}

export function describe(query: Query): string {
  const inside = query.within ? ` in ${describe(query.within)}` : ''
  if ('label' in query) return `the field labelled ${String(query.label)}${inside}`
  const level = query.level === undefined ? '' : ` ${query.level}`
  const name = query.name === undefined ? '' : ` "${String(query.name)}"`
  const text = query.text === undefined ? '' : ` showing ${String(query.text)}`
  return `${query.role}${level}${name}${text}${inside}`
}

/**
 * Runs in the page: the elements a person (or a screen reader) would find for `query`, in document
 * order. Roles and names follow the ARIA rules the app relies on (explicit roles, the elements'
 * implicit ones, aria-labelledby, aria-label, labels, alt texts, text content); an element that is
 * not rendered, hidden from assistive technology or invisible does not count. Self-contained: it is
 * sent to the browser as source.
 */
function findInPage(query: PageQuery): Element[] {
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()
  const matches = (text: string, wanted: PageName) =>
    'exact' in wanted
      ? normalise(text) === wanted.exact
      : new RegExp(wanted.source, wanted.flags).test(normalise(text))

  const inputRoles: Record<string, string> = {
    checkbox: 'checkbox',
    radio: 'radio',
    number: 'spinbutton',
    range: 'slider',
    button: 'button',
    submit: 'button',
    reset: 'button',
    search: 'searchbox',
  }
  const roleOf = (element: Element): string | null => {
    const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0]
    if (explicit) return explicit
    const tag = element.tagName
    if (/^H[1-6]$/.test(tag)) return 'heading'
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden' || element.type === 'password') return null
      if (element.hasAttribute('list')) return 'combobox'
      return inputRoles[element.type] ?? 'textbox'
    }
    const byTag: Record<string, string> = {
      BUTTON: 'button',
      TEXTAREA: 'textbox',
      SELECT: 'combobox',
      DIALOG: 'dialog',
      TABLE: 'table',
      FIELDSET: 'group',
      OUTPUT: 'status',
      NAV: 'navigation',
      MAIN: 'main',
      UL: 'list',
      OL: 'list',
      LI: 'listitem',
    }
    if (tag === 'A') return element.hasAttribute('href') ? 'link' : null
    if (tag === 'IMG') return (element as HTMLImageElement).alt === '' ? null : 'img'
    return byTag[tag] ?? null
  }
  const levelOf = (element: Element) =>
    Number(element.getAttribute('aria-level') ?? /^H([1-6])$/.exec(element.tagName)?.[1] ?? 0)

  const notRendered = (element: Element) => {
    const style = getComputedStyle(element)
    return style.display === 'none' || style.visibility === 'hidden'
  }
  /** The text a name is computed from: hidden parts skipped, labels and alt texts of parts kept. */
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? ''
    if (!(node instanceof Element)) return ''
    if (node.getAttribute('aria-hidden') === 'true' || notRendered(node)) return ''
    const label = node.getAttribute('aria-label')
    if (label?.trim()) return ` ${label} `
    if (node instanceof HTMLImageElement) return ` ${node.alt} `
    if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) return ''
    const inline = getComputedStyle(node).display.startsWith('inline')
    const text = Array.from(node.childNodes, textOf).join('')
    return inline ? text : ` ${text} `
  }
  const nameFromContent = new Set([
    'button',
    'link',
    'heading',
    'radio',
    'checkbox',
    'option',
    'tab',
    'menuitem',
    'cell',
    'columnheader',
    'switch',
    'tooltip',
  ])
  const nameOf = (element: Element, role: string | null): string => {
    const ids = element.getAttribute('aria-labelledby')
    if (ids) {
      return normalise(
        ids
          .split(/\s+/)
          .map((id) => {
            const target = document.getElementById(id)
            return target ? Array.from(target.childNodes, textOf).join('') : ''
          })
          .join(' '),
      )
    }
    const label = element.getAttribute('aria-label')
    if (label?.trim()) return normalise(label)
    const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement>) : null
    if (labels && labels.length > 0) return normalise(Array.from(labels, textOf).join(' '))
    if (element instanceof HTMLImageElement) return normalise(element.alt)
    if (element instanceof HTMLInputElement && roleOf(element) === 'button')
      return normalise(element.value)
    if (element instanceof HTMLFieldSetElement) {
      const legend = element.querySelector(':scope > legend')
      if (legend) return normalise(textOf(legend))
    }
    if (element instanceof HTMLTableElement && element.caption)
      return normalise(textOf(element.caption))
    if (role && nameFromContent.has(role)) return normalise(textOf(element))
    return normalise(element.getAttribute('title') ?? '')
  }
  const shown = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (node.getAttribute('aria-hidden') === 'true' || (node as HTMLElement).inert) return false
    }
    return getComputedStyle(element).visibility !== 'hidden' && element.getClientRects().length > 0
  }
  const isField = (element: Element) =>
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement

  const search = (wanted: PageQuery, roots: Element[]): Element[] => {
    const found: Element[] = []
    for (const root of roots) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        if (!shown(element)) continue
        if (wanted.label) {
          if (isField(element) && matches(nameOf(element, roleOf(element)), wanted.label))
            found.push(element)
          continue
        }
        const role = roleOf(element)
        if (role !== wanted.role) continue
        if (wanted.level && levelOf(element) !== wanted.level) continue
        if (wanted.name && !matches(nameOf(element, role), wanted.name)) continue
        if (wanted.text && !matches((element as HTMLElement).innerText, wanted.text)) continue
        found.push(element)
      }
    }
    return found
  }
  const roots = query.within ? findInPage(query.within).slice(0, 1) : [document.body]
  return search(query, roots)
}

/** What is on the screen, to explain a failed look. */
function summaryInPage(): string {
  const headings = Array.from(document.querySelectorAll('h1, h2, [role=dialog]'), (element) =>
    element.textContent.replace(/\s+/g, ' ').trim().slice(0, 80),
  )
  const text = document.body.innerText.replace(/\s+/g, ' ').trim().slice(0, 400)
  return `${location.pathname}${location.search} | ${headings.join(' / ')} | ${text}`
}

export class TimeoutError extends Error {
  override name = 'TimeoutError'
}

const defaultTimeout = 10_000

/** WebDriver's answers that mean "try again": the page changed under the command. */
function isTransient(error: unknown): boolean {
  const name = error instanceof Error ? error.name : ''
  return [
    'StaleElementReferenceError',
    'ElementClickInterceptedError',
    'ElementNotInteractableError',
    'NoSuchElementError',
  ].includes(name)
}

/**
 * The app as a person sees it in one WebKit window: elements are found by role and accessible
 * name (or a field by its label), pressed with the driver's own clicks, and typed into with its
 * key events; every look waits a while for the screen to get there, as Playwright's do.
 */
export class Screen {
  readonly driver: WebDriver
  readonly baseUrl: string

  constructor(driver: WebDriver, baseUrl: string) {
    this.driver = driver
    this.baseUrl = baseUrl
  }

  /**
   * The PIN entered on the lock screen after each page load while someone is signed in, as its
   * user would (tests/support/sign-in.ts); null for a test of the lock itself.
   */
  pinAfterLoad: string | null = demoPin

  async open(path: string): Promise<void> {
    await this.driver.get(`${this.baseUrl}${path}`)
    await this.unlockAfterLoad()
  }

  async reload(): Promise<void> {
    await this.driver.navigate().refresh()
    await this.unlockAfterLoad()
  }

  /**
   * After a page load with someone signed in: the PIN on the lock screen, then the app. Called by
   * `open` and `reload`; a test whose page reloads by itself (an update) calls it.
   */
  async unlockAfterLoad(): Promise<void> {
    const pin = this.pinAfterLoad
    if (pin === null) return
    const signedIn = await this.run<boolean>(
      () => (localStorage.getItem('session') ?? sessionStorage.getItem('session')) !== null,
    ).catch(() => false)
    if (!signedIn) return
    let state = ''
    await this.waitFor(
      'the app, the sign-in page or the lock screen',
      async () => {
        state = await this.run<string>(() => {
          if (document.querySelector('form[name="unlock"] input[name="pin"]')) return 'locked'
          return document.querySelector('header, input[autocomplete="username"]') ? 'open' : ''
        })
        return state !== ''
      },
      30_000,
    )
    if (state !== 'locked') return
    // By the form's names: the lock screen speaks the device's language.
    await this.driver.findElement(By.css('form[name="unlock"] input[name="pin"]')).sendKeys(pin)
    await this.driver.findElement(By.css('form[name="unlock"] button[type="submit"]')).click()
    await this.waitFor(
      'the app after the PIN',
      () =>
        this.run<boolean>(
          () =>
            document.querySelector('header, input[autocomplete="username"]') !== null &&
            document.querySelector('form[name="unlock"]') === null,
        ),
      30_000,
    )
  }

  /** The page's path and query, as the address bar shows them after the origin. */
  async path(): Promise<string> {
    const url = new URL(await this.driver.getCurrentUrl())
    return `${url.pathname}${url.search}`
  }

  /** Runs `script` in the page (a function is sent as its source) and answers its result. */
  run<T>(script: string | ((...args: never[]) => unknown), ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(script, ...args)
  }

  /** Waits until `check` answers true, or fails naming `what` and what the screen shows. */
  async waitFor(
    what: string,
    check: () => Promise<boolean>,
    timeout = defaultTimeout,
  ): Promise<void> {
    const deadline = Date.now() + timeout
    let lastError: unknown = null
    for (;;) {
      try {
        if (await check()) return
        lastError = null
      } catch (error) {
        if (!isTransient(error) && !(error instanceof Error && error.name === 'JavascriptError'))
          throw error
        lastError = error
      }
      if (Date.now() > deadline) {
        const shown = await this.run<string>(summaryInPage).catch(() => '(no page)')
        const cause = lastError instanceof Error ? ` (${lastError.message})` : ''
        throw new TimeoutError(`waited ${timeout} ms for ${what}${cause}; the screen: ${shown}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  async all(query: Query): Promise<WebElement[]> {
    return this.run<WebElement[]>(findInPage, toPage(query))
  }

  /** The first element on the screen for `query`, once there is one. */
  async find(query: Query, timeout = defaultTimeout): Promise<WebElement> {
    let found: WebElement | undefined
    await this.waitFor(
      `${describe(query)} on the screen`,
      async () => {
        found = (await this.all(query))[0]
        return found !== undefined
      },
      timeout,
    )
    if (!found) throw new Error('unreachable')
    return found
  }

  async see(query: Query, timeout = defaultTimeout): Promise<void> {
    await this.find(query, timeout)
  }

  async count(query: Query): Promise<number> {
    return (await this.all(query)).length
  }

  /** Waits until nothing on the screen answers `query`. */
  async gone(query: Query, timeout = defaultTimeout): Promise<void> {
    await this.waitFor(
      `${describe(query)} to leave the screen`,
      async () => (await this.count(query)) === 0,
      timeout,
    )
  }

  /** Presses the element, found afresh if the page re-drew it meanwhile. */
  async click(query: Query, timeout = defaultTimeout): Promise<void> {
    await this.waitFor(
      `${describe(query)} to be pressed`,
      async () => {
        const element = (await this.all(query))[0]
        if (!element || !(await element.isEnabled())) return false
        await element.click()
        return true
      },
      timeout,
    )
  }

  /**
   * Types `text` into the field as a person would: a tap to focus it, everything in it selected
   * and typed over, key by key.
   */
  async type(query: Query, text: string): Promise<void> {
    const field = await this.find(query)
    await field.click()
    await field.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE)
    await field.sendKeys(text)
  }

  /** Keys sent to whatever has the focus. */
  async press(...keys: string[]): Promise<void> {
    await this.driver
      .actions()
      .sendKeys(...keys)
      .perform()
  }

  async value(query: Query): Promise<string> {
    return (await (await this.find(query)).getAttribute('value')) ?? ''
  }

  async attribute(query: Query, name: string): Promise<string | null> {
    return (await this.find(query)).getAttribute(name)
  }

  async isChecked(query: Query): Promise<boolean> {
    return (await this.find(query)).isSelected()
  }

  async isEnabled(query: Query): Promise<boolean> {
    return (await this.find(query)).isEnabled()
  }

  /** Waits until the element's attribute (aria-pressed, value, …) is `expected`. */
  async expectAttribute(query: Query, name: string, expected: string): Promise<void> {
    await this.waitFor(`${describe(query)} with ${name}="${expected}"`, async () => {
      const element = (await this.all(query))[0]
      return element !== undefined && (await element.getAttribute(name)) === expected
    })
  }

  async expectChecked(query: Query, checked = true): Promise<void> {
    await this.waitFor(`${describe(query)} ${checked ? 'checked' : 'not checked'}`, async () => {
      const element = (await this.all(query))[0]
      return element !== undefined && (await element.isSelected()) === checked
    })
  }

  async expectEnabled(query: Query, enabled = true): Promise<void> {
    await this.waitFor(`${describe(query)} ${enabled ? 'enabled' : 'disabled'}`, async () => {
      const element = (await this.all(query))[0]
      return element !== undefined && (await element.isEnabled()) === enabled
    })
  }

  /** The text the page shows, as a person reads it. */
  async text(): Promise<string> {
    return this.run<string>(() => document.body.innerText)
  }

  async seeText(text: string | RegExp, timeout = defaultTimeout): Promise<void> {
    await this.waitFor(
      `the text ${String(text)}`,
      async () => {
        const shown = (await this.text()).replace(/\s+/g, ' ')
        return typeof text === 'string' ? shown.includes(text) : text.test(shown)
      },
      timeout,
    )
  }

  /**
   * Follows a link to `expected`, pressing it again if the first press went nowhere, as a person
   * does when a page just loaded re-draws the link under their finger.
   */
  async follow(query: Query, expected: string | RegExp): Promise<void> {
    await this.click(query)
    try {
      await this.waitForPath(expected, 3_000)
      return
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error
    }
    await this.click(query)
    await this.waitForPath(expected)
  }

  async waitForPath(expected: string | RegExp, timeout = defaultTimeout): Promise<void> {
    await this.waitFor(
      `the address ${String(expected)}`,
      async () => {
        const path = await this.path()
        return typeof expected === 'string' ? path === expected : expected.test(path)
      },
      timeout,
    )
  }

  /** Keeps a picture of the screen, for a failed test. */
  async keepScreenshot(file: string): Promise<void> {
    await writeFile(file, await this.driver.takeScreenshot(), 'base64')
  }
}
