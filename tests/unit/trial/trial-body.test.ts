import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { trialBodySchema } from '../../../src/contract/trial.ts'
import { buildTrialBody } from '../../../src/features/trial/trial-body.ts'
import type { WizardAction } from '../../../src/features/trial/wizard-actions.ts'
import { agent, manager, pack, run, start, store } from './helpers.ts'

const rmcPack = pack({ id: 21, type: 'RMC', brandName: 'Marlboro Red', brandFamily: 'Marlboro' })

const agentTrial: WizardAction[] = [
  { type: 'setStore', store },
  { type: 'setGender', gender: 'female' },
  { type: 'setAgeRange', ageRange: '25-34' },
  { type: 'toggleHabit', habit: 'HTS' },
  { type: 'toggleHabit', habit: 'RMC' },
  { type: 'toggleHabit', habit: 'Vape' },
  { type: 'setHtsFamily', brandFamily: 'Terra' },
  { type: 'setHtsPack', pack: pack() },
  { type: 'setRmcFamily', brandFamily: 'Marlboro' },
  { type: 'setRmcPack', pack: rmcPack },
  { type: 'setConsumption', consumption: '10-15' },
  { type: 'toggleReferralSource', source: 'friend' },
  { type: 'toggleReferralSource', source: 'social-media' },
  { type: 'setEmail', email: ' kupac@gmail.com ' },
  { type: 'checkEmail' },
  { type: 'setPhone', phone: '064/123-4567' },
  { type: 'pickStick', color: 'gold' },
  { type: 'pickStick', color: 'tan' },
  { type: 'toggleStickImpression', color: 'gold', pick: { group: 'positive', option: 'no-ash' } },
  { type: 'toggleStickImpression', color: 'tan', pick: { group: 'negative', option: 'too-hot' } },
  { type: 'setStickComment', color: 'gold', comment: '  Prija mu.  ' },
  { type: 'setDevice', device: { id: 31, name: 'Duo Black' } },
  { type: 'toggleDeviceImpression', pick: { group: 'positive', option: 'design' } },
  { type: 'setShopping', shopping: 'yes' },
  { type: 'togglePurchaseReason', reason: 'taste' },
  { type: 'setPurchaseStick', stick: { id: 5, name: 'Gold' }, quantity: 2 },
]

describe('the trial body', () => {
  it("holds the chosen store and every answer, exactly as the contract's schema has it", () => {
    const body = buildTrialBody(run(start(agent, 'sr'), ...agentTrial), agent)
    expect(body).toEqual({
      store_id: 7,
      comment: {
        gender: 'female',
        ageRange: '25-34',
        habits: 'RMC;HTS;Vape',
        habitsData: { HTS: pack(), RMC: rmcPack },
        consumption: '10-15',
        referalSource: ['friend', 'social-media'],
        email: {
          email: 'kupac@gmail.com',
          phone: '+381641234567',
          privacyPolicy: true,
          analizeData: true,
        },
        consumptionOrder: ['gold', 'tan'],
        device: { id: 31, name: 'Duo Black', positive: ['design'], negative: [], neutral: [] },
        gold: { positive: ['no-ash'], negative: [], neutral: [] },
        goldComment: 'Prija mu.',
        tan: { positive: [], negative: ['too-hot'], neutral: [] },
        tanComment: '',
        shopping: 'yes',
        shoppingSuccess: {
          reason: ['taste'],
          device: null,
          sticks: [{ id: 5, name: 'Gold', quantity: 2 }],
        },
      },
    })
    expect(v.parse(trialBodySchema, body)).toEqual(body)
  })

  it("sends a manager's own store, and the unsuccessful purchase after a no", () => {
    const state = run(
      start(manager, 'me'),
      { type: 'setStore', store },
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '56+' },
      { type: 'toggleHabit', habit: 'SNUS/NIKOTINSKE VREĆICE' },
      { type: 'setConsumption', consumption: '0-5' },
      { type: 'toggleReferralSource', source: 'other' },
      { type: 'setShopping', shopping: 'yes' },
      { type: 'togglePurchaseReason', reason: 'gift' },
      { type: 'setShopping', shopping: 'no' },
      { type: 'toggleNoPurchaseReason', reason: 'price-device' },
      { type: 'setNoPurchaseComment', comment: ' Doći će sjutra. ' },
    )
    const body = buildTrialBody(state, manager)
    expect(body).toEqual({
      store_id: 42,
      comment: {
        gender: 'male',
        ageRange: '56+',
        habits: 'SNUS/NIKOTINSKE VREĆICE',
        habitsData: { HTS: null, RMC: null },
        consumption: '0-5',
        referalSource: ['other'],
        email: { privacyPolicy: false, analizeData: false },
        consumptionOrder: [],
        device: null,
        shopping: 'no',
        shoppingUnsuccess: { reason: ['price-device'], comment: 'Doći će sjutra.' },
      },
    })
    expect(v.parse(trialBodySchema, body)).toEqual(body)
  })

  it('sends the RMC other text, the counts of multiple mode, and the phone with the me prefix', () => {
    const state = run(
      start(agent, 'me'),
      { type: 'setStore', store },
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '18-24' },
      { type: 'toggleHabit', habit: 'RMC' },
      { type: 'setRmcOther', other: ' Drina ' },
      { type: 'setConsumption', consumption: '40+' },
      { type: 'toggleReferralSource', source: 'event' },
      { type: 'setPhone', phone: '067 123 456' },
      { type: 'checkPhone' },
      { type: 'setMultiple', multiple: true },
      { type: 'pickStick', color: 'azure' },
      { type: 'pickStick', color: 'azure' },
      { type: 'pickStick', color: 'magenta' },
      { type: 'setShopping', shopping: 'yes' },
      { type: 'togglePurchaseReason', reason: 'curiosity' },
      { type: 'setPurchaseDevice', device: { id: 31, name: 'Duo Black' } },
    )
    const body = buildTrialBody(state, agent)
    expect(body?.comment).toMatchObject({
      habits: 'RMC',
      habitsData: { HTS: null, RMC: { other: 'Drina' } },
      email: { phone: '+38267123456', privacyPolicy: true, analizeData: true },
      consumptionOrder: ['azure', 'magenta'],
      consumptionCounts: { azure: 2, magenta: 1 },
      azure: { positive: [], negative: [], neutral: [] },
      azureComment: '',
      magentaComment: '',
      device: null,
      shoppingSuccess: { reason: ['curiosity'], device: { id: 31, name: 'Duo Black' }, sticks: [] },
    })
    expect(
      typeof body?.comment === 'object' && 'email' in body.comment && body.comment.email.email,
    ).toBe(undefined)
    expect(v.parse(trialBodySchema, body)).toEqual(body)
  })

  it('adds the locale prefix to a phone typed without it, and keeps a typed prefix', () => {
    const phone = (typed: string, locale: 'sr' | 'me' | 'en') => {
      const state = run(start(agent, locale), { type: 'setPhone', phone: typed })
      const body = buildTrialBody(
        run(
          state,
          { type: 'setStore', store },
          { type: 'setGender', gender: 'male' },
          { type: 'setAgeRange', ageRange: '18-24' },
          { type: 'setConsumption', consumption: '0-5' },
          { type: 'setShopping', shopping: 'no' },
        ),
        agent,
      )
      return typeof body?.comment === 'object' ? body.comment.email.phone : 'none'
    }
    expect(phone('0641234567', 'sr')).toBe('+381641234567')
    expect(phone('+381641234567', 'sr')).toBe('+381641234567')
    expect(phone('00381641234567', 'sr')).toBe('+381641234567')
    expect(phone('069123456', 'me')).toBe('+38269123456')
    expect(phone('4915112345', 'en')).toBe('+4915112345')
    expect(phone('12', 'sr')).toBeUndefined()
  })

  it('is null while an answer the body needs is missing', () => {
    expect(buildTrialBody(start(agent), agent)).toBeNull()
    const noStore = run(
      start(agent),
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '18-24' },
      { type: 'setConsumption', consumption: '0-5' },
      { type: 'setShopping', shopping: 'no' },
    )
    expect(buildTrialBody(noStore, agent)).toBeNull()
    expect(
      buildTrialBody(noStore, { role: 'manager', expertStore: { id: 1, name: 'X' } }),
    ).not.toBeNull()
  })
})
