/** The countries the programme's stores are in. */
export const countries = ['RS', 'ME'] as const
export type Country = (typeof countries)[number]
