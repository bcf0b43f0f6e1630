import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { trialBodySchema } from '../../../src/contract/trial.ts'
import type { User } from '../../../src/contract/auth.ts'
import { buildTrialBody as build } from '../../../src/features/free-guided-trial/trial-body.ts'
import type { WizardAction } from '../../../src/features/free-guided-trial/wizard-actions.ts'
import type { WizardState } from '../../../src/features/free-guided-trial/wizard-state.ts'
import { editionOneConsentTextIds as textIds } from '../../support/consent-text-ids.ts'
import { agent, manager, pack, run, shown, start, store } from './helpers.ts'

/** The body as the wizard builds it with edition 1's consent texts. */
function buildTrialBody(state: WizardState, user: Pick<User, 'role' | 'expertStore'>) {
  return build(state, user, textIds)
}

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
  { type: 'checkEmail', shown },
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
      content_edition: 1,
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
      // OK on the email ticked both boxes: recorded as the app's, in the locale shown.
      consents: [
        {
          consent: 'privacyPolicy',
          given: true,
          ticked_by: 'app',
          text_id: textIds.privacyPolicy,
          locale: 'sr',
        },
        {
          consent: 'analizeData',
          given: true,
          ticked_by: 'app',
          text_id: textIds.analizeData,
          locale: 'sr',
        },
      ],
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
      content_edition: 1,
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

  it("sends the RMC other text, the counts of multiple mode, and the phone with the store's calling code", () => {
    const state = run(
      start(agent, 'sr'),
      { type: 'setStore', store: { ...store, country: 'ME' } },
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '18-24' },
      { type: 'toggleHabit', habit: 'RMC' },
      { type: 'setRmcOther', other: ' Drina ' },
      { type: 'setConsumption', consumption: '40+' },
      { type: 'toggleReferralSource', source: 'event' },
      { type: 'setPhone', phone: '067 123 456' },
      { type: 'checkPhone', shown },
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

  it("gives a phone the calling code of the store's country, whatever the language", () => {
    const phone = (typed: string, country: 'RS' | 'ME', locale: 'sr' | 'me' | 'en') => {
      const state = run(start(agent, locale), { type: 'setPhone', phone: typed })
      const body = buildTrialBody(
        run(
          state,
          { type: 'setStore', store: { ...store, country } },
          { type: 'setGender', gender: 'male' },
          { type: 'setAgeRange', ageRange: '18-24' },
          { type: 'setConsumption', consumption: '0-5' },
          { type: 'setShopping', shopping: 'no' },
        ),
        agent,
      )
      return typeof body?.comment === 'object' ? body.comment.email.phone : 'none'
    }
    for (const locale of ['me', 'sr', 'en'] as const) {
      expect(phone('0641234567', 'RS', locale)).toBe('+381641234567')
      expect(phone('64 123 4567', 'RS', locale)).toBe('+381641234567')
      expect(phone('+381641234567', 'RS', locale)).toBe('+381641234567')
      expect(phone('069123456', 'ME', locale)).toBe('+38269123456')
    }
    // What the store's rule refuses is not sent: 06 and 9 digits, another country's number.
    expect(phone('06412345678', 'RS', 'sr')).toBeUndefined()
    expect(phone('+38269123456', 'RS', 'me')).toBeUndefined()
    expect(phone('12', 'RS', 'sr')).toBeUndefined()
  })

  it("takes a manager's phone prefix from their store's country", () => {
    const montenegrin = {
      role: 'manager' as const,
      expertStore: { id: 9, name: 'Podgorica', country: 'ME' as const },
    }
    const state = run(
      start(montenegrin, 'sr'),
      { type: 'setGender', gender: 'male' },
      { type: 'setAgeRange', ageRange: '18-24' },
      { type: 'setConsumption', consumption: '0-5' },
      { type: 'setPhone', phone: '067 123 456' },
      { type: 'setShopping', shopping: 'no' },
    )
    const body = buildTrialBody(state, montenegrin)
    expect(typeof body?.comment === 'object' && body.comment.email.phone).toBe('+38267123456')
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

describe('the consents a trial records', () => {
  const contact: WizardAction[] = agentTrial.filter((action) => action.type !== 'checkEmail')
  const consentsOf = (...actions: WizardAction[]) =>
    buildTrialBody(run(start(agent, 'sr'), ...contact, ...actions), agent)?.consents

  it('records a box the person ticked before OK as theirs, the other as the app’s', () => {
    expect(
      consentsOf(
        { type: 'setConsent', consent: 'analizeData', checked: true, locale: 'en' },
        { type: 'checkEmail', shown: { locale: 'me', autoTick: true } },
      ),
    ).toMatchObject([
      { consent: 'privacyPolicy', given: true, ticked_by: 'app', locale: 'me' },
      { consent: 'analizeData', given: true, ticked_by: 'person', locale: 'en' },
    ])
  })

  it('records a box the app ticked and the person unticked and ticked again as theirs', () => {
    expect(
      consentsOf(
        { type: 'checkEmail', shown },
        { type: 'setConsent', consent: 'privacyPolicy', checked: false, locale: 'sr' },
        { type: 'setConsent', consent: 'privacyPolicy', checked: true, locale: 'sr' },
      )?.map((record) => record.ticked_by),
    ).toEqual(['person', 'app'])
  })

  it('ticks nothing at OK when the build turns the ticking off: the person ticks each box', () => {
    const off = { locale: 'sr' as const, autoTick: false }
    const state = run(start(agent, 'sr'), ...contact, { type: 'checkEmail', shown: off })
    expect(state.answers.email).toMatchObject({ privacyPolicy: false, analizeData: false })
    expect(buildTrialBody(state, agent)?.consents).toBeUndefined()
    expect(
      consentsOf(
        { type: 'checkEmail', shown: off },
        { type: 'setConsent', consent: 'privacyPolicy', checked: true, locale: 'sr' },
        { type: 'setConsent', consent: 'analizeData', checked: true, locale: 'sr' },
      )?.map((record) => record.ticked_by),
    ).toEqual(['person', 'person'])
  })

  it('sends no consents without an email or a phone, nor when how a box was set is not known', () => {
    const noContact = run(
      start(agent, 'sr'),
      ...agentTrial,
      { type: 'setEmail', email: '' },
      { type: 'setPhone', phone: '' },
    )
    expect(noContact.answers.email.consentsSet).toHaveProperty('privacyPolicy')
    expect(buildTrialBody(noContact, agent)?.consents).toBeUndefined()
    const state = run(start(agent, 'sr'), ...agentTrial)
    // A draft of a build that did not record how the boxes were set.
    const unrecorded = {
      ...state,
      answers: { ...state.answers, email: { ...state.answers.email, consentsSet: {} } },
    }
    const body = buildTrialBody(unrecorded, agent)
    expect(body?.comment).toMatchObject({ email: { privacyPolicy: true, analizeData: true } })
    expect(body?.consents).toBeUndefined()
  })
})
