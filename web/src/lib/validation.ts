/** The spec's validation rules (docs/product/accounts-and-profiles.md), with its messages word for word. */

export const MESSAGES = {
  allFieldsIs: 'All fields is required',
  allFieldsAre: 'All fields are required',
  invalidEmail: 'Invalid e-mail',
  invalidEmailPicker: 'Invalid e-mail.',
  passwordsEqual: 'Passwords must be equal',
  userNotFound: 'User not found',
  dateFormat: 'Date format mm/dd/yyyy',
  correctDate: 'Please enter a correct date',
  fieldRequired: 'Field is required',
  dancerNameRequired: 'Dancer name is required',
  fullNameRequired: 'Full name is required',
  somethingWrong: 'Something went wrong',
  passwordNotPossible: 'Password change is not possible for your method of authentication',
} as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An ordinary address: something@domain.tld without spaces. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim())
}

/** Blank text fails (with an empty message: the field is only marked). */
export function isBlank(value: string | null | undefined): boolean {
  return !value || !value.trim()
}

/** Emails are trimmed as typed. */
export const trimEmail = (value: string) => value.trim()

export function validateLogin(email: string, password: string): string | null {
  if (isBlank(email) || !password) return MESSAGES.allFieldsIs
  if (!isEmail(email)) return MESSAGES.invalidEmail
  return null
}

export function validateSignup(email: string, password: string, confirm: string): string | null {
  if (isBlank(email) || !password || !confirm) return MESSAGES.allFieldsIs
  if (!isEmail(email)) return MESSAGES.invalidEmail
  if (password !== confirm) return MESSAGES.passwordsEqual
  return null
}

const MDY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/((?:19|20)\d{2})$/

/**
 * A date typed mm/dd/yyyy (month 01-12, day 01-31, year 19xx or 20xx; trimmed): the day, 'format' when the
 * text has not that shape, 'incorrect' when it has but the day does not exist (02/30, 02/29 of a common year).
 */
export function parseMdy(value: string): Date | 'format' | 'incorrect' {
  const match = MDY.exec(value.trim())
  if (!match) return 'format'
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(year, month - 1, day)
  return date.getMonth() === month - 1 && date.getDate() === day ? date : 'incorrect'
}

/**
 * Birthday: required, mm/dd/yyyy (month 01-12, day 01-31, year 19xx or 20xx), else 'Date format mm/dd/yyyy'.
 * With `strictYears` (account settings, and what the server checks everywhere) a year more than 100 years
 * ago, the current year or a later one, or a day that does not exist, gives 'Please enter a correct date'.
 */
export function validateBirthday(value: string, strictYears = true, today: Date = new Date()): string | null {
  const date = parseMdy(value)
  if (date === 'format') return MESSAGES.dateFormat
  if (!strictYears) return null
  if (date === 'incorrect') return MESSAGES.correctDate
  const year = date.getFullYear()
  const thisYear = today.getFullYear()
  if (year < thisYear - 100 || year >= thisYear) return MESSAGES.correctDate
  return null
}

/** A new password typed twice (reset, change, release): both required and equal, trimmed. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (isBlank(password) || isBlank(confirm)) return MESSAGES.allFieldsAre
  if (password.trim() !== confirm.trim()) return MESSAGES.passwordsEqual
  return null
}

/** Password change: all three required, trimmed, new and confirm equal. */
export function validatePasswordChange(oldPassword: string, newPassword: string, confirm: string): string | null {
  if (isBlank(oldPassword)) return MESSAGES.allFieldsAre
  return validateNewPassword(newPassword, confirm)
}

/** Release profile: password and confirm required, trimmed, equal; nothing is sent otherwise. */
export function validateRelease(email: string, password: string, confirm: string): string | null {
  if (isBlank(email) || isBlank(password) || isBlank(confirm)) return MESSAGES.allFieldsAre
  if (!isEmail(email)) return MESSAGES.invalidEmail
  return validateNewPassword(password, confirm)
}

/** Founded (an organization's, a studio's): mm/dd/yyyy like the birthday, a real day, not in the future; blank clears it. */
export function foundedError(value: string, today: Date = new Date()): string | null {
  if (!value.trim()) return null
  const date = parseMdy(value)
  if (date === 'format') return MESSAGES.dateFormat
  if (date === 'incorrect') return MESSAGES.correctDate
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate())
  if (date > end) return MESSAGES.correctDate
  return null
}
