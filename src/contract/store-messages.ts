/**
 * The messages of the store screens' vouchers and consumers, part of `messages` (messages.ts) but
 * in a file of their own: only those screens show them, so the sign-in page's catalog
 * (lingui.config.ts's `public`) leaves them out and they come with those screens' words.
 */
export const storeMessages = {
  voucherValid: /*i18n*/ { id: 'voucher.valid', message: 'The voucher is valid.' },
  voucherUsed: /*i18n*/ { id: 'voucher.used', message: 'The voucher has already been used.' },
  voucherExpired: /*i18n*/ { id: 'voucher.expired', message: 'The voucher has expired.' },
  voucherNotFound: /*i18n*/ { id: 'voucher.notFound', message: 'The voucher does not exist.' },
  voucherRedeemed: /*i18n*/ { id: 'voucher.redeemed', message: 'The voucher is redeemed.' },
  voucherOwnReferral: /*i18n*/ {
    id: 'voucher.ownReferral',
    message: 'A referral voucher cannot be redeemed by the consumer who referred.',
  },
  noCustomerChosen: /*i18n*/ {
    id: 'customer.notChosen',
    message: 'You have not chosen a consumer. Please choose one first.',
  },
  customerNotFound: /*i18n*/ { id: 'customer.notFound', message: 'Consumer not found' },
  visitNoteSaved: /*i18n*/ { id: 'customer.visitNoteSaved', message: 'The visit note is saved.' },
  tooManyCustomerSearches: /*i18n*/ {
    id: 'customer.tooManySearches',
    message: 'Too many customer searches in a short time. Try again in a few minutes.',
  },
} as const
