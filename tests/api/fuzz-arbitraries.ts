import fc from 'fast-check'
import {
  dashboardQuerySchema,
  reportRequestSchema,
  storeFormSchema,
  storeLogQuerySchema,
  storeUpdateSchema,
} from '../../src/contract/administration.ts'
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordSetupBodySchema,
} from '../../src/contract/auth.ts'
import { packSearchQuerySchema, productSearchQuerySchema } from '../../src/contract/catalogue.ts'
import { customerTrialsQuerySchema, visitNoteBodySchema } from '../../src/contract/customers.ts'
import { searchQuerySchema } from '../../src/contract/http.ts'
import { checkInBodySchema, checkOutBodySchema } from '../../src/contract/stores.ts'
import { trialBodySchema, trialSearchQuerySchema } from '../../src/contract/trial.ts'
import {
  idBodySchema,
  managersQuerySchema,
  userFormSchema,
  userUpdateSchema,
} from '../../src/contract/users.ts'
import { voucherSearchQuerySchema, voucherSubmitBodySchema } from '../../src/contract/vouchers.ts'
import { emailAddress, oneOf, plainText } from './support/fuzz-values.ts'
import type { EndpointSpec, FuzzContext } from './support/fuzz-requests.ts'

/*
 * The endpoints the API fuzz test (tests/api/fuzz.test.ts) sends requests to, with the contract
 * schemas of their query and body and hints by field name: the ids and codes that exist in the
 * database, and the values a schema's `check` cannot tell. The values come from
 * ./support/fuzz-values.ts, the requests from ./support/fuzz-requests.ts.
 */

/** Every endpoint of the API with the contract schemas of its query and body. */
export function endpointSpecs(context: FuzzContext): EndpointSpec[] {
  const store = oneOf(context.storeIds, 1)
  const customer = oneOf(context.customerIds, 1)
  const user = oneOf(context.userIds, 1)
  const password = fc.constant(context.password)
  const email = fc.oneof(oneOf(context.emails, 'admin@example.com'), emailAddress)
  const newPassword = fc.constantFrom('Tajna!2345', 'Nova#Lozinka9')
  const passwordHints = { password: newPassword, confirmPassword: newPassword }
  return [
    { method: 'GET', path: '/health' },
    { method: 'GET', path: '/health/live' },
    { method: 'GET', path: '/ready' },
    { method: 'GET', path: '/openapi.json' },
    {
      method: 'POST',
      path: '/user/login',
      body: loginBodySchema,
      hints: { email, password: fc.oneof(password, plainText) },
      countsSignIn: true,
    },
    {
      method: 'POST',
      path: '/user/forgot-password/email',
      body: forgotPasswordBodySchema,
      hints: { email },
    },
    {
      method: 'POST',
      path: '/user/reset',
      body: passwordResetBodySchema,
      hints: { ...passwordHints, email },
    },
    { method: 'POST', path: '/user/password', body: passwordSetupBodySchema, hints: passwordHints },
    {
      method: 'POST',
      path: '/user/change-password',
      body: changePasswordBodySchema,
      hints: passwordHints,
      countsSignIn: true,
    },
    { method: 'GET', path: '/me' },
    { method: 'POST', path: '/user/check-in', favours: 'manager', body: checkInBodySchema },
    { method: 'POST', path: '/user/check-in/update', favours: 'manager', body: checkInBodySchema },
    { method: 'POST', path: '/user/check-out', favours: 'manager', body: checkOutBodySchema },
    { method: 'GET', path: '/user/search', favours: 'administrator', query: searchQuerySchema },
    { method: 'POST', path: '/user/managers', favours: 'administrator', body: managersQuerySchema },
    {
      method: 'POST',
      path: '/user/create',
      favours: 'administrator',
      body: userFormSchema,
      hints: { email: emailAddress, phone: fc.stringMatching(/^\+3826\d{7}$/) },
    },
    {
      method: 'POST',
      path: '/user/update',
      favours: 'administrator',
      body: userUpdateSchema,
      hints: { id: user, email: emailAddress, phone: fc.stringMatching(/^06\d{7}$/) },
    },
    {
      method: 'POST',
      path: '/user/delete',
      favours: 'administrator',
      body: idBodySchema,
      hints: { id: user },
    },
    { method: 'GET', path: '/user/:id', favours: 'administrator', ids: user },
    { method: 'GET', path: '/store/log', favours: 'administrator', query: storeLogQuerySchema },
    { method: 'POST', path: '/store/create', favours: 'administrator', body: storeFormSchema },
    {
      method: 'POST',
      path: '/store/update',
      favours: 'administrator',
      body: storeUpdateSchema,
      hints: { id: store },
    },
    {
      method: 'POST',
      path: '/store/delete',
      favours: 'administrator',
      body: idBodySchema,
      hints: { id: store },
    },
    { method: 'GET', path: '/store/search', query: searchQuerySchema },
    { method: 'GET', path: '/store/:id', ids: store },
    {
      method: 'POST',
      path: '/report/generate',
      favours: 'administrator',
      body: reportRequestSchema,
    },
    {
      method: 'GET',
      path: '/report/dashboard',
      favours: 'administrator',
      query: dashboardQuerySchema,
    },
    { method: 'GET', path: '/packages/search', query: packSearchQuerySchema },
    { method: 'GET', path: '/internal-products/search', query: productSearchQuerySchema },
    { method: 'POST', path: '/free-guided/form', body: trialBodySchema },
    { method: 'GET', path: '/questionnaire/search', query: trialSearchQuerySchema },
    { method: 'GET', path: '/questionnaire/:id', ids: oneOf(context.trialIds, 1) },
    {
      method: 'GET',
      path: '/voucher/search',
      query: voucherSearchQuerySchema,
      hints: {
        code: oneOf(context.voucherCodes, 'MGM-VALID-0001').map((code) => code.toLowerCase()),
      },
    },
    { method: 'GET', path: '/voucher/code-log/:id', ids: oneOf(context.voucherIds, 1) },
    { method: 'GET', path: '/voucher/:id', ids: oneOf(context.voucherIds, 1) },
    {
      method: 'POST',
      path: '/voucher/submit',
      body: voucherSubmitBodySchema,
      hints: { code: oneOf(context.voucherCodes, 'MGM-VALID-0001') },
    },
    { method: 'GET', path: '/customer/search', query: searchQuerySchema },
    { method: 'POST', path: '/customer/form', body: visitNoteBodySchema },
    {
      method: 'GET',
      path: '/customer/:id/trials',
      query: customerTrialsQuerySchema,
      ids: customer,
    },
    { method: 'GET', path: '/customer/:id', ids: customer },
  ]
}
