import { describe, expect, it } from 'vitest'
import { wizardView } from '../../../src/features/free-guided-trial/wizard-machine.ts'
import { isStepValid } from '../../../src/features/free-guided-trial/wizard-steps.ts'
import { isShowable } from '../../../src/features/free-guided-trial/trial-body.ts'
import type { WizardState } from '../../../src/features/free-guided-trial/wizard-state.ts'
import { current, goTo, manager, pack, run, shown, start, store } from './helpers.ts'

describe('moving between steps', () => {
  it('does not go back from the first step', () => {
    const state = start()
    expect(run(state, { type: 'back' })).toBe(state)
    expect(wizardView(state)).toMatchObject({ isFirst: true, canGoBack: false })
  })

  it('does not go forward while the step is invalid', () => {
    const state = start(manager)
    expect(wizardView(state).canGoForward).toBe(false)
    expect(run(state, { type: 'next' })).toBe(state)
  })

  it('goes forward on a valid step and back again, keeping the answers', () => {
    const state = run(start(manager), { type: 'setGender', gender: 'female', advance: false })
    expect(current(state)).toBe('gender')
    const forward = run(state, { type: 'next' })
    expect(current(forward)).toBe('ageRange')
    const back = run(forward, { type: 'back' })
    expect(current(back)).toBe('gender')
    expect(back.answers.gender).toBe('female')
  })

  it('does not go past the last step, where finishing waits for a valid answer', () => {
    let state = run(
      start(manager),
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '25-34' },
      { type: 'toggleHabit', habit: 'Vape' },
      { type: 'next' },
      { type: 'setConsumption', consumption: '5-10' },
      { type: 'toggleReferralSource', source: 'friend' },
      { type: 'next' },
      { type: 'skipEmail' },
      { type: 'next' },
      { type: 'setShopping', shopping: 'no' },
      { type: 'next' },
    )
    expect(current(state)).toBe('shoppingUnsuccess')
    expect(wizardView(state)).toMatchObject({ isLast: true, canFinish: false, canGoForward: false })
    state = run(state, { type: 'toggleNoPurchaseReason', reason: 'needs-time' })
    expect(wizardView(state)).toMatchObject({ isLast: true, canFinish: true, canGoForward: false })
    expect(run(state, { type: 'next' })).toBe(state)
  })
})

describe("a step named by its place (the browser's Back and Forward)", () => {
  const answered = run(
    start(manager),
    { type: 'setGender', gender: 'male' },
    { type: 'setAgeRange', ageRange: '25-34' },
    { type: 'toggleHabit', habit: 'Vape' },
  )

  it('goes back to any earlier step, keeping the answers', () => {
    expect(current(answered)).toBe('habits')
    const back = run(answered, { type: 'goTo', stepIndex: 0 })
    expect(current(back)).toBe('gender')
    expect(back.answers).toEqual(answered.answers)
  })

  it('goes forward again through answered steps', () => {
    const back = run(answered, { type: 'goTo', stepIndex: 0 })
    expect(current(run(back, { type: 'goTo', stepIndex: answered.stepIndex }))).toBe('habits')
  })

  it('stops at the last step that can be reached when a later one is asked for', () => {
    const back = run(answered, { type: 'goTo', stepIndex: 1 })
    // The consumption step waits for an answer: the steps after it cannot be reached yet.
    const forward = run(back, { type: 'goTo', stepIndex: 12 })
    expect(current(forward)).toBe('consumption')
    expect(run(start(manager), { type: 'goTo', stepIndex: 5 }).stepIndex).toBe(0)
  })
})

describe('auto-advance', () => {
  it('goes on by itself after a store is chosen', () => {
    const state = run(start(), { type: 'setStore', store })
    expect(current(state)).toBe('gender')
    expect(run(start(), { type: 'setStore', store: null }).stepIndex).toBe(0)
  })

  it('goes on by itself after gender, age range and consumption', () => {
    let state = run(start(manager), { type: 'setGender', gender: 'male' })
    expect(current(state)).toBe('ageRange')
    state = run(state, { type: 'setAgeRange', ageRange: '18-24' })
    expect(current(state)).toBe('habits')
    state = run(state, { type: 'toggleHabit', habit: 'MYO/RYO' })
    expect(current(state)).toBe('habits')
    state = run(state, { type: 'next' }, { type: 'setConsumption', consumption: '40+' })
    expect(current(state)).toBe('referalSource')
  })

  it('does not go on for multi-selects or for shopping', () => {
    const state = goTo(
      run(
        start(manager),
        { type: 'setGender', gender: 'male' },
        { type: 'setAgeRange', ageRange: '18-24' },
        { type: 'toggleHabit', habit: 'Vape' },
        { type: 'next' },
        { type: 'setConsumption', consumption: '0-5' },
        { type: 'toggleReferralSource', source: 'event' },
      ),
      'referalSource',
    )
    expect(current(state)).toBe('referalSource')
    const shopping = run(state, { type: 'next' }, { type: 'skipEmail' }, { type: 'next' })
    expect(current(shopping)).toBe('shopping')
    expect(current(run(shopping, { type: 'setShopping', shopping: 'yes' }))).toBe('shopping')
  })

  it('does not go on when the answer came with advance: false (arrow keys)', () => {
    const state = run(start(manager), { type: 'setGender', gender: 'male', advance: false })
    expect(current(state)).toBe('gender')
  })

  it('does not move when an auto-advance step is answered while another step is shown', () => {
    const state = run(start(manager), { type: 'setAgeRange', ageRange: '56+' })
    expect(current(state)).toBe('gender')
    expect(state.answers.ageRange).toBe('56+')
  })
})

describe('habits', () => {
  it('keeps the options order whatever the click order', () => {
    const state = run(
      start(),
      { type: 'toggleHabit', habit: 'Vape' },
      { type: 'toggleHabit', habit: 'RMC' },
      { type: 'toggleHabit', habit: 'HTS' },
    )
    expect(state.answers.habits).toEqual(['RMC', 'HTS', 'Vape'])
  })

  it('clears the HTS or RMC answer when the habit is unselected', () => {
    const state = run(
      start(),
      { type: 'toggleHabit', habit: 'HTS' },
      { type: 'toggleHabit', habit: 'RMC' },
      { type: 'setHtsFamily', brandFamily: 'Terra' },
      { type: 'setHtsPack', pack: pack() },
      { type: 'setRmcOther', other: 'Drina' },
      { type: 'toggleHabit', habit: 'HTS' },
      { type: 'toggleHabit', habit: 'RMC' },
    )
    expect(state.answers.habitsHTS).toEqual({ brandFamily: null, pack: null })
    expect(state.answers.habitsRMC).toEqual({ brandFamily: null, pack: null, other: '' })
  })
})

describe('the HTS step', () => {
  it('is valid with a pack, and another brand family clears the pack', () => {
    let state = run(start(), { type: 'toggleHabit', habit: 'HTS' })
    expect(isStepValid({ kind: 'habitsHTS' }, state)).toBe(false)
    state = run(
      state,
      { type: 'setHtsFamily', brandFamily: 'Terra' },
      { type: 'setHtsPack', pack: pack() },
    )
    expect(isStepValid({ kind: 'habitsHTS' }, state)).toBe(true)
    expect(
      run(state, { type: 'setHtsFamily', brandFamily: 'Terra' }).answers.habitsHTS.pack,
    ).toEqual(pack())
    const other = run(state, { type: 'setHtsFamily', brandFamily: 'Fiit' })
    expect(other.answers.habitsHTS).toEqual({ brandFamily: 'Fiit', pack: null })
    expect(isStepValid({ kind: 'habitsHTS' }, other)).toBe(false)
  })
})

describe('the RMC step', () => {
  const rmcPack = pack({ id: 21, type: 'RMC', brandName: 'Marlboro Red', brandFamily: 'Marlboro' })
  const rmc = () => run(start(), { type: 'toggleHabit', habit: 'RMC' })

  it('is valid with a pack or with other text', () => {
    expect(isStepValid({ kind: 'habitsRMC' }, rmc())).toBe(false)
    const withPack = run(
      rmc(),
      { type: 'setRmcFamily', brandFamily: 'Marlboro' },
      { type: 'setRmcPack', pack: rmcPack },
    )
    expect(isStepValid({ kind: 'habitsRMC' }, withPack)).toBe(true)
    expect(
      isStepValid({ kind: 'habitsRMC' }, run(rmc(), { type: 'setRmcOther', other: 'Drina' })),
    ).toBe(true)
    expect(
      isStepValid({ kind: 'habitsRMC' }, run(rmc(), { type: 'setRmcOther', other: '   ' })),
    ).toBe(false)
  })

  it('choosing a pack clears the other text', () => {
    const state = run(
      rmc(),
      { type: 'setRmcOther', other: 'Drina' },
      { type: 'setRmcFamily', brandFamily: 'Marlboro' },
      { type: 'setRmcPack', pack: rmcPack },
    )
    expect(state.answers.habitsRMC).toEqual({ brandFamily: 'Marlboro', pack: rmcPack, other: '' })
  })

  it('typing other text clears the pack and the brand family', () => {
    const state = run(
      rmc(),
      { type: 'setRmcFamily', brandFamily: 'Marlboro' },
      { type: 'setRmcPack', pack: rmcPack },
      { type: 'setRmcOther', other: 'D' },
    )
    expect(state.answers.habitsRMC).toEqual({ brandFamily: null, pack: null, other: 'D' })
  })

  it('picking a brand family clears the chosen pack', () => {
    const state = run(
      rmc(),
      { type: 'setRmcFamily', brandFamily: 'Marlboro' },
      { type: 'setRmcPack', pack: rmcPack },
      { type: 'setRmcFamily', brandFamily: 'LM' },
    )
    expect(state.answers.habitsRMC).toMatchObject({ brandFamily: 'LM', pack: null })
  })

  it('picking a brand family clears the other text, which hides, and leaves the step invalid', () => {
    const state = run(
      rmc(),
      { type: 'setRmcOther', other: 'Drina' },
      { type: 'setRmcFamily', brandFamily: 'Marlboro' },
    )
    expect(state.answers.habitsRMC).toEqual({ brandFamily: 'Marlboro', pack: null, other: '' })
    expect(isStepValid({ kind: 'habitsRMC' }, state)).toBe(false)
    // The brand family shown is what is stored, never the hidden text.
    const withPack = run(state, { type: 'setRmcPack', pack: rmcPack })
    expect(isShowable(withPack)).toBe(true)
  })
})

describe('answers of hidden controls', () => {
  it('a shopping answer clears the answers of the other purchase step', () => {
    const bought = run(
      start(),
      { type: 'setShopping', shopping: 'yes' },
      { type: 'togglePurchaseReason', reason: 'curiosity' },
      { type: 'setPurchaseDevice', device: { id: 31, name: 'Duo Black' } },
    )
    const notBought = run(bought, { type: 'setShopping', shopping: 'no' })
    expect(notBought.answers.shoppingSuccess).toEqual({ reason: [], device: null, sticks: [] })
    expect(isShowable(notBought)).toBe(true)
  })

  it('every state the reducer makes can be shown; a hidden answer makes it unshowable', () => {
    const base = run(start(), { type: 'toggleHabit', habit: 'RMC' })
    expect(isShowable(base)).toBe(true)
    const hidden = (patch: Partial<WizardState['answers']>): WizardState => ({
      ...base,
      answers: { ...base.answers, ...patch },
    })
    expect(
      isShowable(hidden({ habitsRMC: { brandFamily: 'LM', pack: null, other: 'Drina' } })),
    ).toBe(false)
    expect(isShowable(hidden({ habitsHTS: { brandFamily: 'Terra', pack: pack() } }))).toBe(false)
    expect(isShowable(hidden({ stickComments: { tan: 'hidden' } }))).toBe(false)
    expect(
      isShowable(
        hidden({
          shopping: 'no',
          shoppingSuccess: { reason: ['curiosity'], device: null, sticks: [] },
        }),
      ),
    ).toBe(false)
  })
})

describe('the referral step', () => {
  it('is valid with at least one source', () => {
    const state = run(start(), { type: 'toggleReferralSource', source: 'other' })
    expect(isStepValid({ kind: 'referalSource' }, state)).toBe(true)
    const none = run(state, { type: 'toggleReferralSource', source: 'other' })
    expect(isStepValid({ kind: 'referalSource' }, none)).toBe(false)
  })
})

describe('the email step', () => {
  const email = { kind: 'email' } as const

  it('is valid only after OK on a valid email, which ticks both consents', () => {
    const typed = run(start(), { type: 'setEmail', email: 'kupac@gmail.com' })
    expect(typed.answers.email.privacyPolicy).toBe(false)
    expect(isStepValid(email, typed)).toBe(false)
    const checked = run(typed, { type: 'checkEmail', shown })
    expect(checked.answers.email).toMatchObject({
      emailChecked: true,
      privacyPolicy: true,
      analizeData: true,
    })
    expect(isStepValid(email, checked)).toBe(true)
  })

  it('is valid after OK on a valid phone of the locale alone', () => {
    const state = run(
      start(manager, 'sr'),
      { type: 'setPhone', phone: '064 123 4567' },
      { type: 'checkPhone', shown },
    )
    expect(state.answers.email).toMatchObject({ privacyPolicy: true, analizeData: true })
    expect(isStepValid(email, state)).toBe(true)
    const me = run(
      start(manager, 'me'),
      { type: 'setPhone', phone: '67123456' },
      { type: 'checkPhone', shown },
    )
    expect(isStepValid(email, me)).toBe(true)
  })

  it('ticks nothing and stays invalid after OK on an invalid value', () => {
    const state = run(start(), { type: 'setEmail', email: 'kupac@' }, { type: 'checkEmail', shown })
    expect(state.answers.email).toMatchObject({ emailChecked: true, privacyPolicy: false })
    expect(isStepValid(email, state)).toBe(false)
  })

  it('needs both consents', () => {
    const state = run(
      start(),
      { type: 'setEmail', email: 'kupac@gmail.com' },
      { type: 'checkEmail', shown },
      { type: 'setConsent', consent: 'analizeData', checked: false, locale: 'sr' },
    )
    expect(isStepValid(email, state)).toBe(false)
    expect(
      isStepValid(
        email,
        run(state, { type: 'setConsent', consent: 'analizeData', checked: true, locale: 'sr' }),
      ),
    ).toBe(true)
  })

  it('is invalid while the other field holds an invalid value', () => {
    const state = run(
      start(),
      { type: 'setEmail', email: 'kupac@gmail.com' },
      { type: 'checkEmail', shown },
      { type: 'setPhone', phone: '123' },
    )
    expect(isStepValid(email, state)).toBe(false)
  })

  it('forgets the OK when the field changes again', () => {
    const state = run(
      start(),
      { type: 'setEmail', email: 'kupac@gmail.com' },
      { type: 'checkEmail', shown },
      { type: 'setEmail', email: 'kupac2@gmail.com' },
    )
    expect(state.answers.email.emailChecked).toBe(false)
    expect(isStepValid(email, state)).toBe(false)
  })

  it('"No email" clears the email and goes on', () => {
    const state = goTo(
      run(
        start(manager),
        { type: 'setGender', gender: 'male' },
        { type: 'setAgeRange', ageRange: '18-24' },
        { type: 'toggleHabit', habit: 'Vape' },
        { type: 'next' },
        { type: 'setConsumption', consumption: '0-5' },
        { type: 'toggleReferralSource', source: 'event' },
      ),
      'email',
    )
    const skipped = run(state, { type: 'setEmail', email: 'kupac@' }, { type: 'skipEmail' })
    expect(current(skipped)).toBe('consumptionOrder')
    expect(skipped.answers.email.email).toBe('')
  })

  it('"No email" goes on without a phone that was not confirmed with OK, and keeps a confirmed one', () => {
    const state = goTo(
      run(
        start(manager),
        { type: 'setGender', gender: 'male' },
        { type: 'setAgeRange', ageRange: '18-24' },
        { type: 'toggleHabit', habit: 'Vape' },
        { type: 'next' },
        { type: 'setConsumption', consumption: '0-5' },
        { type: 'toggleReferralSource', source: 'event' },
      ),
      'email',
    )
    const typed = run(state, { type: 'setPhone', phone: '064 123 4567' })
    const unconfirmed = run(typed, { type: 'skipEmail' })
    expect(current(unconfirmed)).toBe('consumptionOrder')
    expect(unconfirmed.answers.email.phone).toBe('')
    const confirmed = run(typed, { type: 'checkPhone', shown }, { type: 'skipEmail' })
    expect(current(confirmed)).toBe('consumptionOrder')
    expect(confirmed.answers.email.phone).toBe('064 123 4567')
  })
})

describe('the consumption order', () => {
  it('numbers the colours in the order they were picked; a second click takes one out', () => {
    let state = run(
      start(),
      { type: 'pickStick', color: 'gold' },
      { type: 'pickStick', color: 'tan' },
      { type: 'pickStick', color: 'azure' },
    )
    expect(state.answers.consumptionOrder.order).toEqual(['gold', 'tan', 'azure'])
    state = run(state, { type: 'pickStick', color: 'tan' })
    expect(state.answers.consumptionOrder.order).toEqual(['gold', 'azure'])
  })

  it('counts each click in multiple mode', () => {
    const state = run(
      start(),
      { type: 'setMultiple', multiple: true },
      { type: 'pickStick', color: 'gold' },
      { type: 'pickStick', color: 'gold' },
      { type: 'pickStick', color: 'tan' },
    )
    expect(state.answers.consumptionOrder).toEqual({
      order: ['gold', 'tan'],
      multiple: true,
      counts: { gold: 2, tan: 1 },
    })
  })

  it('starts counts at one when multiple mode is turned on, and drops them when it is turned off', () => {
    const on = run(
      start(),
      { type: 'pickStick', color: 'silver' },
      { type: 'setMultiple', multiple: true },
    )
    expect(on.answers.consumptionOrder.counts).toEqual({ silver: 1 })
    const off = run(
      on,
      { type: 'pickStick', color: 'silver' },
      { type: 'setMultiple', multiple: false },
    )
    expect(off.answers.consumptionOrder).toEqual({ order: ['silver'], multiple: false, counts: {} })
  })

  it('Clear resets the order and the counts, and with them the device and every stick answer', () => {
    const state = run(
      start(),
      { type: 'setMultiple', multiple: true },
      { type: 'pickStick', color: 'gold' },
      {
        type: 'toggleStickImpression',
        color: 'gold',
        pick: { group: 'positive', option: 'no-ash' },
      },
      { type: 'setStickComment', color: 'gold', comment: 'Fino' },
      { type: 'setDevice', device: { id: 3, name: 'Duo' } },
      { type: 'toggleDeviceImpression', pick: { group: 'negative', option: 'heavy' } },
      { type: 'clearSticks' },
    )
    expect(state.answers.consumptionOrder).toEqual({ order: [], multiple: true, counts: {} })
    expect(state.answers.stickImpressions).toEqual({})
    expect(state.answers.stickComments).toEqual({})
    expect(state.answers.device).toEqual({
      product: null,
      impressions: { positive: [], negative: [], neutral: [] },
    })
  })

  it('taking one colour out drops only its answers', () => {
    const state = run(
      start(),
      { type: 'pickStick', color: 'gold' },
      { type: 'pickStick', color: 'tan' },
      { type: 'setStickComment', color: 'gold', comment: 'Zlatna' },
      { type: 'setStickComment', color: 'tan', comment: 'Tan' },
      { type: 'setDevice', device: { id: 3, name: 'Duo' } },
      { type: 'pickStick', color: 'gold' },
    )
    expect(state.answers.stickComments).toEqual({ tan: 'Tan' })
    expect(state.answers.device.product).toEqual({ id: 3, name: 'Duo' })
  })

  it('keeps impressions in the order of their option list', () => {
    const state = run(
      start(),
      { type: 'pickStick', color: 'gold' },
      {
        type: 'toggleStickImpression',
        color: 'gold',
        pick: { group: 'negative', option: 'too-hot' },
      },
      {
        type: 'toggleStickImpression',
        color: 'gold',
        pick: { group: 'negative', option: 'taste-weak' },
      },
      {
        type: 'toggleStickImpression',
        color: 'gold',
        pick: { group: 'neutral', option: 'undecided' },
      },
      {
        type: 'toggleStickImpression',
        color: 'gold',
        pick: { group: 'neutral', option: 'undecided' },
      },
    )
    expect(state.answers.stickImpressions.gold).toEqual({
      positive: [],
      negative: ['taste-weak', 'too-hot'],
      neutral: [],
    })
  })
})

describe('the purchase steps', () => {
  const success = { kind: 'shoppingSuccess' } as const
  it('a successful purchase needs a reason and a device or at least one stick', () => {
    const reason = run(start(), { type: 'togglePurchaseReason', reason: 'taste' })
    expect(isStepValid(success, reason)).toBe(false)
    expect(
      isStepValid(
        success,
        run(reason, { type: 'setPurchaseDevice', device: { id: 1, name: 'Duo' } }),
      ),
    ).toBe(true)
    const stick = run(reason, {
      type: 'setPurchaseStick',
      stick: { id: 5, name: 'Gold' },
      quantity: 2,
    })
    expect(isStepValid(success, stick)).toBe(true)
    expect(
      isStepValid(
        success,
        run(stick, { type: 'setPurchaseStick', stick: { id: 5, name: 'Gold' }, quantity: 0 }),
      ),
    ).toBe(false)
    const noReason = run(start(), { type: 'setPurchaseDevice', device: { id: 1, name: 'Duo' } })
    expect(isStepValid(success, noReason)).toBe(false)
  })

  it('keeps one entry per stick product with its quantity', () => {
    const state = run(
      start(),
      { type: 'setPurchaseStick', stick: { id: 5, name: 'Gold' }, quantity: 2 },
      { type: 'setPurchaseStick', stick: { id: 6, name: 'Tan' }, quantity: 1 },
      { type: 'setPurchaseStick', stick: { id: 5, name: 'Gold' }, quantity: 3 },
    )
    expect(state.answers.shoppingSuccess.sticks).toEqual([
      { id: 6, name: 'Tan', quantity: 1 },
      { id: 5, name: 'Gold', quantity: 3 },
    ])
  })

  it('an unsuccessful purchase needs a reason', () => {
    const state = run(start(), { type: 'setNoPurchaseComment', comment: 'Skupo' })
    expect(isStepValid({ kind: 'shoppingUnsuccess' }, state)).toBe(false)
    expect(
      isStepValid(
        { kind: 'shoppingUnsuccess' },
        run(state, { type: 'toggleNoPurchaseReason', reason: 'other' }),
      ),
    ).toBe(true)
  })
})

describe('the state', () => {
  it('is plain JSON, so that a draft can be stored and read back', () => {
    const state = run(
      start(),
      { type: 'setStore', store },
      { type: 'toggleHabit', habit: 'HTS' },
      { type: 'setHtsPack', pack: pack() },
      { type: 'pickStick', color: 'gold' },
    )
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })
})
