import { administrationMessages } from './administration-messages.ts'
import { contentMessages } from './content-messages.ts'
import { catalogueMessages } from './catalogue-messages.ts'
import { customerRightsMessages } from './customer-rights-messages.ts'
import { deviceActionMessages } from './device-action-messages.ts'
import { messages, type Message } from './messages.ts'
import { quarantineMessages } from './quarantine-messages.ts'
import { reviewMessages } from './review-messages.ts'
import { storeMessages } from './store-messages.ts'

/**
 * Every message of the API, the administration's own groups with `messages`: what the server and
 * the tests know as ids. The PWA imports a group where it shows it, never this list.
 */
export const allMessages: readonly Message[] = [
  ...Object.values(messages),
  ...Object.values(customerRightsMessages),
  ...Object.values(reviewMessages),
  ...Object.values(quarantineMessages),
  ...Object.values(administrationMessages),
  ...Object.values(storeMessages),
  ...Object.values(deviceActionMessages),
  ...Object.values(contentMessages),
  ...Object.values(catalogueMessages),
]
