/** The date mask ##/##/#### of birthdays and founding dates: digits only, slashes put in as typed. */
export const DATE_MASK = '##/##/####'

export function applyMask(value: string, mask: string = DATE_MASK): string {
  const digits = value.replace(/\D/g, '')
  let out = ''
  let next = 0
  for (const slot of mask) {
    if (next >= digits.length) break
    if (slot === '#') {
      out += digits[next++]
    } else {
      out += slot
    }
  }
  return out
}
