import { describe, expect, it } from 'vitest'
import { wizardView } from '../../../src/features/free-guided-trial/wizard-machine.ts'
import {
  buildSteps,
  isStepValid,
  stepKey,
} from '../../../src/features/free-guided-trial/wizard-steps.ts'
import { keys, manager, run, start } from './helpers.ts'

const base = ['gender', 'ageRange', 'habits', 'consumption', 'referalSource', 'email']
const tail = ['consumptionOrder', 'shopping', 'shoppingSuccess']

describe('the wizard step order', () => {
  it('starts with the store for anyone who is not a manager', () => {
    expect(keys(start())).toEqual(['store', ...base, ...tail])
    expect(keys(start({ role: 'admin', expertStore: null }))).toEqual(['store', ...base, ...tail])
    expect(keys(start({ role: 'super', expertStore: null }))).toEqual(['store', ...base, ...tail])
  })

  it('has no store step for a manager, who works for their own store', () => {
    expect(keys(start(manager))).toEqual([...base, ...tail])
  })

  it('inserts habitsHTS right after habits while HTS is selected, and removes it after', () => {
    const withHts = run(start(manager), { type: 'toggleHabit', habit: 'HTS' })
    expect(keys(withHts)).toEqual([
      'gender',
      'ageRange',
      'habits',
      'habitsHTS',
      'consumption',
      'referalSource',
      'email',
      ...tail,
    ])
    expect(keys(run(withHts, { type: 'toggleHabit', habit: 'HTS' }))).toEqual([...base, ...tail])
  })

  it('inserts habitsRMC after habits (and after habitsHTS) while RMC is selected', () => {
    const rmc = run(start(manager), { type: 'toggleHabit', habit: 'RMC' })
    expect(keys(rmc).slice(2, 5)).toEqual(['habits', 'habitsRMC', 'consumption'])
    const both = run(rmc, { type: 'toggleHabit', habit: 'HTS' })
    expect(keys(both).slice(2, 6)).toEqual(['habits', 'habitsHTS', 'habitsRMC', 'consumption'])
    const vape = run(start(manager), { type: 'toggleHabit', habit: 'Vape' })
    expect(keys(vape)).toEqual([...base, ...tail])
  })

  it('inserts an impression and a comment step per chosen stick after the order step, then the device', () => {
    const state = run(
      start(manager),
      { type: 'pickStick', color: 'gold' },
      { type: 'pickStick', color: 'tan' },
    )
    expect(keys(state)).toEqual([
      ...base,
      'consumptionOrder',
      'gold',
      'goldComment',
      'tan',
      'tanComment',
      'device',
      'shopping',
      'shoppingSuccess',
    ])
  })

  it('removes the stick and device steps when no stick is chosen any more', () => {
    const picked = run(start(manager), { type: 'pickStick', color: 'silver' })
    expect(keys(picked)).toContain('device')
    expect(keys(run(picked, { type: 'pickStick', color: 'silver' }))).toEqual([...base, ...tail])
    expect(keys(run(picked, { type: 'clearSticks' }))).toEqual([...base, ...tail])
  })

  it('ends with shoppingUnsuccess after a "no" and with shoppingSuccess otherwise', () => {
    const no = run(start(manager), { type: 'setShopping', shopping: 'no' })
    expect(keys(no).at(-1)).toBe('shoppingUnsuccess')
    expect(keys(no)).not.toContain('shoppingSuccess')
    const yes = run(no, { type: 'setShopping', shopping: 'yes' })
    expect(keys(yes).at(-1)).toBe('shoppingSuccess')
  })

  it('gives every step a unique key', () => {
    const steps = buildSteps({
      choosesStore: true,
      habits: ['RMC', 'HTS'],
      sticks: ['tan', 'gold', 'silver', 'azure', 'purple', 'baize', 'burgundy', 'magenta'],
      shopping: 'no',
    })
    const stepKeys = steps.map(stepKey)
    expect(new Set(stepKeys).size).toBe(stepKeys.length)
    expect(steps).toHaveLength(1 + 3 + 2 + 3 + 1 + 16 + 1 + 2)
  })

  it('keeps the same list object while nothing it depends on changed', () => {
    const state = start()
    const before = wizardView(state).steps
    const typed = run(state, { type: 'setEmail', email: 'a' })
    expect(wizardView(typed).steps).toBe(before)
  })
})

describe('the validity of each step at the start', () => {
  it('is false for every step that needs an answer', () => {
    const state = start()
    for (const kind of [
      'store',
      'gender',
      'ageRange',
      'habits',
      'habitsHTS',
      'habitsRMC',
      'consumption',
      'referalSource',
      'email',
      'shopping',
      'shoppingSuccess',
      'shoppingUnsuccess',
    ] as const) {
      expect(isStepValid({ kind }, state), kind).toBe(false)
    }
  })

  it('is true for the optional steps: consumption order, stick impression and comment, device', () => {
    const state = start()
    expect(isStepValid({ kind: 'consumptionOrder' }, state)).toBe(true)
    expect(isStepValid({ kind: 'stickImpression', color: 'tan' }, state)).toBe(true)
    expect(isStepValid({ kind: 'stickComment', color: 'tan' }, state)).toBe(true)
    expect(isStepValid({ kind: 'device' }, state)).toBe(true)
  })
})
