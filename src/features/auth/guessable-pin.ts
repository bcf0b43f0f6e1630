/**
 * PINs a thief tries first: one digit repeated (111111), a run up or down (123456, 987654), a short
 * pattern repeated (121212, 123123), a few well-known choices, and a year a person would pick (a
 * birth year or this year) at either end. Six digits give a million PINs; these are about 2% of
 * them and, by published analyses of leaked PINs, a large share of what people choose.
 */
const wellKnown = new Set(['112233', '159753', '147258', '789456', '123321', '696969', '102030'])

export function isGuessablePin(pin: string, year: number): boolean {
  // Only ever digits here (isValidPin comes first).
  const digits = Array.from(pin, Number)
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0))
  const oneStep = steps.every((step) => step === steps[0] && Math.abs(step) <= 1)
  const repeatsPattern = [2, 3].some(
    (period) =>
      pin.length % period === 0 && pin === pin.slice(0, period).repeat(pin.length / period),
  )
  const yearAtAnEnd = [pin.slice(0, 4), pin.slice(-4)].some((part) => {
    const value = Number(part)
    return value >= 1940 && value <= year + 1
  })
  return oneStep || repeatsPattern || wellKnown.has(pin) || (pin.length <= 8 && yearAtAnEnd)
}
