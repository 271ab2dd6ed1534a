import { locationErrors, locationForSave, LOCATION_MESSAGES } from '@/lib/location'
import { isBlank, validateBirthday } from '@/lib/validation'

/** The onboarding steps, in order (docs/product/accounts-and-profiles.md). */
export const STEPS = ['fullName', 'dancerName', 'birthday', 'location', 'avatar', 'card'] as const
export type Step = (typeof STEPS)[number]

export interface OnboardingValues {
  firstName: string
  lastName: string
  dancerName: string
  birthday: string
  country: string | null
  city: string
  state: string
  avatar: string | null
}

export const EMPTY_VALUES: OnboardingValues = {
  firstName: '',
  lastName: '',
  dancerName: '',
  birthday: '',
  country: null,
  city: '',
  state: '',
  avatar: null,
}

/** Field errors of a step. An empty string marks a required field without a message (the spec's rule). */
export function stepErrors(step: Step, values: OnboardingValues): Partial<Record<keyof OnboardingValues, string>> {
  const errors: Partial<Record<keyof OnboardingValues, string>> = {}
  if (step === 'fullName') {
    if (isBlank(values.firstName)) errors.firstName = ''
    if (isBlank(values.lastName)) errors.lastName = ''
  } else if (step === 'dancerName') {
    if (isBlank(values.dancerName)) errors.dancerName = ''
  } else if (step === 'birthday') {
    const problem = validateBirthday(values.birthday)
    if (problem) errors.birthday = problem
  } else if (step === 'location') {
    // the steps mark a blank city or state without words (the spec's required rule); the country is named
    Object.assign(errors, locationErrors(values, { ...LOCATION_MESSAGES, city: '', state: '' }))
  }
  return errors
}

/** What the server gets: the name joined by a space, the state only where the country uses one. */
export function toProfileDetails(values: OnboardingValues) {
  return {
    fullName: `${values.firstName.trim()} ${values.lastName.trim()}`,
    dancerName: values.dancerName.trim(),
    birthday: values.birthday,
    ...locationForSave(values),
    avatar: values.avatar,
  }
}
