import type { Locator, Page } from '@playwright/test'

/**
 * The trials the browser benchmarks walk through the wizard, as an agent (who picks the store), in
 * English: the steps' headings, what is filled in on each, and the control whose click moves on.
 */

/** One step of the wizard: its heading, what is filled in without leaving it, the way on. */
export type TrialStep = {
  heading: string
  prepare: (page: Page) => Promise<void>
  advance: (page: Page) => Locator
}

/** A whole trial from the store step to Finish, with a name that says its branches. */
export type Trial = { name: string; steps: readonly TrialStep[] }

/** The heading the success screen shows after Finish. */
export const trialSavedHeading = 'The trial is saved'

const next = (page: Page) => page.getByRole('button', { name: 'Next' })
const finish = (page: Page) => page.getByRole('button', { name: 'Finish' })
const press =
  (name: string | RegExp, exact = false) =>
  async (page: Page) => {
    await page.getByRole('button', { name, exact }).click()
  }
const nothing = async () => {}
const radio = (name: string) => (page: Page) => page.getByRole('radio', { name, exact: true })

const store: TrialStep = {
  heading: 'Where does the trial take place?',
  prepare: async (page) => {
    await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
    await page.getByRole('option').first().waitFor()
    // The list follows the typing: the option clicked is one of the list for "Beo".
    await page
      .getByRole('option')
      .filter({ hasNotText: /beo/i })
      .first()
      .waitFor({ state: 'detached' })
  },
  advance: (page) => page.getByRole('option').first(),
}
const gender = (answer: 'Female' | 'Male'): TrialStep => ({
  heading: 'Gender',
  prepare: nothing,
  advance: radio(answer),
})
const ageGroup = (answer: string): TrialStep => ({
  heading: 'Age group',
  prepare: nothing,
  advance: radio(answer),
})
const habits = (...names: string[]): TrialStep => ({
  heading: 'Habits',
  prepare: async (page) => {
    for (const name of names) await press(name)(page)
  },
  advance: next,
})
const hts: TrialStep = {
  heading: 'Heated tobacco (HTS)',
  prepare: async (page) => {
    await page.getByRole('combobox', { name: 'Brand family' }).fill('ter')
    await page.getByRole('option', { name: 'Terra' }).click()
    await press('Terra Oak')(page)
  },
  advance: next,
}
const rmc: TrialStep = {
  heading: 'Cigarettes (RMC)',
  prepare: async (page) => {
    await press('Drava', true)(page)
    await press('Drava Red')(page)
  },
  advance: next,
}
const consumption = (answer: string): TrialStep => ({
  heading: 'Consumption (cigarettes a day)',
  prepare: nothing,
  advance: radio(answer),
})
const heardFrom = (...names: string[]): TrialStep => ({
  heading: 'How did the customer hear about us?',
  prepare: async (page) => {
    for (const name of names) await press(name)(page)
  },
  advance: next,
})
const email: TrialStep = {
  heading: 'Email and phone',
  prepare: async (page) => {
    await page.getByRole('textbox', { name: 'Email' }).fill('kupac@example.com')
    await press('OK, check the email')(page)
    await page.getByText('Valid', { exact: true }).waitFor()
  },
  advance: next,
}
const noEmail: TrialStep = {
  heading: 'Email and phone',
  prepare: nothing,
  advance: (page) => page.getByRole('button', { name: 'No email' }),
}
const sticksTried = (...colours: string[]): TrialStep => ({
  heading: 'Sticks tried',
  prepare: async (page) => {
    for (const colour of colours) await press(new RegExp(`^${colour}`))(page)
  },
  advance: next,
})
const impressions = (colour: string, ...names: string[]): TrialStep => ({
  heading: `Impressions: ${colour}`,
  prepare: async (page) => {
    for (const name of names) await press(name)(page)
  },
  advance: next,
})
const stickComment = (colour: string, text: string): TrialStep => ({
  heading: `Comment: ${colour}`,
  prepare: async (page) => {
    if (text !== '') {
      await page.getByRole('textbox', { name: `Comment on ${colour}` }).fill(text)
    }
  },
  advance: next,
})
const device = (chosen: boolean): TrialStep => ({
  heading: 'Device',
  prepare: async (page) => {
    if (!chosen) return
    await page.getByRole('combobox', { name: 'Device' }).fill('duo')
    await page.getByRole('option', { name: 'Aura Duo' }).click()
    await press('Design')(page)
  },
  advance: next,
})
const bought = (answer: 'Yes, bought' | 'No, did not buy'): TrialStep => ({
  heading: 'Did the customer buy?',
  prepare: async (page) => {
    await page.getByRole('radio', { name: answer }).click()
  },
  advance: next,
})
const purchaseOfSticks: TrialStep = {
  heading: 'Successful purchase',
  prepare: async (page) => {
    await press('Liked the taste')(page)
    await press('One more Aurum Gold')(page)
  },
  advance: finish,
}
const purchaseOfDevice: TrialStep = {
  heading: 'Successful purchase',
  prepare: async (page) => {
    await press('Curiosity')(page)
    await page.getByRole('combobox', { name: 'Device bought' }).fill('duo')
    await page.getByRole('option', { name: 'Aura Duo' }).click()
  },
  advance: finish,
}
const noPurchase = (comment: string): TrialStep => ({
  heading: 'Unsuccessful purchase',
  prepare: async (page) => {
    await press('Needs time to think')(page)
    await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  },
  advance: finish,
})

/** A whole trial with a store, HTS and RMC, two sticks, a device and a purchase (17 steps). */
export const agentTrial: Trial = {
  name: 'HTS and RMC, two sticks, a device, sticks bought',
  steps: [
    store,
    gender('Female'),
    ageGroup('25–34'),
    habits('Heated tobacco (HTS)', 'Cigarettes (RMC)'),
    hts,
    rmc,
    consumption('10–15'),
    heardFrom('A friend', 'Social media'),
    email,
    sticksTried('Gold', 'Tan'),
    impressions('Gold', 'Rich taste', 'Aftertaste'),
    stickComment('Gold', 'Liked it (benchmark)'),
    impressions('Tan', 'Too hot'),
    stickComment('Tan', ''),
    device(true),
    bought('Yes, bought'),
    purchaseOfSticks,
  ],
}

/**
 * The trials of a day at a store, in turn: every branch of the wizard (HTS, RMC, neither; no
 * stick, one, two; a purchase of sticks or of a device, and none).
 */
export const dayOfTrials: readonly Trial[] = [
  agentTrial,
  {
    name: 'vape, no stick, no purchase',
    steps: [
      store,
      gender('Male'),
      ageGroup('35–44'),
      habits('E-cigarettes (vape)'),
      consumption('5–10'),
      heardFrom('Other'),
      noEmail,
      sticksTried(),
      bought('No, did not buy'),
      noPurchase('Will come back (benchmark)'),
    ],
  },
  {
    name: 'HTS, one stick, no device, a device bought',
    steps: [
      store,
      gender('Female'),
      ageGroup('18–24'),
      habits('Heated tobacco (HTS)'),
      hts,
      consumption('15–20'),
      heardFrom('A friend'),
      noEmail,
      sticksTried('Gold'),
      impressions('Gold', 'Rich taste'),
      stickComment('Gold', ''),
      device(false),
      bought('Yes, bought'),
      purchaseOfDevice,
    ],
  },
  {
    name: 'RMC, one stick, a device, no purchase',
    steps: [
      store,
      gender('Male'),
      ageGroup('25–34'),
      habits('Cigarettes (RMC)'),
      rmc,
      consumption('10–15'),
      heardFrom('Social media'),
      email,
      sticksTried('Tan'),
      impressions('Tan', 'Too hot'),
      stickComment('Tan', 'Too strong (benchmark)'),
      device(true),
      bought('No, did not buy'),
      noPurchase(''),
    ],
  },
]

/** Moves from one step to the next: by default a plain click, the wizard bench times it. */
export type StepChange = (change: {
  from: TrialStep
  /** The heading that shows when the change is done (level 2, or the success page's level 1). */
  nextHeading: string
  control: Locator
}) => Promise<void>

const plainClick: StepChange = async ({ control, nextHeading }) => {
  await control.click()
  await control.page().getByRole('heading', { name: nextHeading }).first().waitFor()
}

/**
 * Walks a whole trial from home (the "Start a free guided trial" link) to the success screen.
 */
export async function driveTrial(
  page: Page,
  change: StepChange = plainClick,
  trial: Trial = agentTrial,
): Promise<void> {
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  for (const [index, step] of trial.steps.entries()) {
    await page.getByRole('heading', { level: 2, name: step.heading }).waitFor()
    await step.prepare(page)
    const nextHeading = trial.steps[index + 1]?.heading ?? trialSavedHeading
    await change({ from: step, nextHeading, control: step.advance(page) })
  }
  await page.getByRole('heading', { level: 1, name: trialSavedHeading }).waitFor()
}
