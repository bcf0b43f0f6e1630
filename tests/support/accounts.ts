/** The demo accounts the server seeds (README.md, "Demo logins"), shared by every suite and tool. */
export const demoPassword = 'Demo!2345'

export const demo = {
  super: { email: 'super@example.com', name: 'Sanja Petrović' },
  admin: { email: 'admin@example.com', name: 'Aleksandar Jovanović' },
  /** Checked in at a Belgrade store. */
  manager: { email: 'manager@example.rs' },
  /** Checked in at a Podgorica store. */
  managerMe: { email: 'manager.me@example.me' },
  newManager: { email: 'newmanager@example.rs' },
  agent: { email: 'agent@example.rs' },
} as const

export type DemoAccount = keyof typeof demo
