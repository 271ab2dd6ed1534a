import { needsState } from '@/lib/countries'
import { isBlank, validateBirthday } from '@/lib/validation'

/** The onboarding steps, in order (seed 000 2.6). */
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

export const COUNTRY_REQUIRED = 'Country is required'

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
    if (!values.country) errors.country = COUNTRY_REQUIRED
    if (isBlank(values.city)) errors.city = ''
    if (needsState(values.country) && isBlank(values.state)) errors.state = ''
  }
  return errors
}

/** Changing the country clears city and state. */
export function withCountry(values: OnboardingValues, country: string | null): OnboardingValues {
  if (country === values.country) return values
  return { ...values, country, city: '', state: '' }
}

/** What the server gets: the name joined by a space, the state only where the country uses one. */
export function toProfileDetails(values: OnboardingValues) {
  return {
    fullName: `${values.firstName.trim()} ${values.lastName.trim()}`,
    dancerName: values.dancerName.trim(),
    birthday: values.birthday,
    country: values.country,
    city: values.city.trim(),
    state: needsState(values.country) ? values.state.trim() : null,
    avatar: values.avatar,
  }
}
