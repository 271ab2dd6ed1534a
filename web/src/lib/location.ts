import { needsState } from './countries'
import { isBlank } from './validation'

/**
 * A place as the profile forms hold it (onboarding, account settings; studios and events next), and its
 * rules written once (docs/product/accounts-and-profiles.md): country and city required; a state only where the country uses
 * one (Australia, Canada, United States), required there and dropped elsewhere; changing the country clears
 * city and state. The messages are identity's (profiles/schemas.py), so the form and the server agree.
 */
export interface Location {
  country: string | null
  city: string
  state: string
}

export type LocationErrors = Partial<Record<keyof Location, string>>

export const LOCATION_MESSAGES: Required<LocationErrors> = {
  country: 'Country is required',
  city: 'City is required',
  state: 'State is required',
}

/** The fields in error and their message; a form that marks a blank field without words passes ''. */
export function locationErrors(location: Location, messages: Required<LocationErrors> = LOCATION_MESSAGES): LocationErrors {
  const errors: LocationErrors = {}
  if (!location.country) errors.country = messages.country
  if (isBlank(location.city)) errors.city = messages.city
  if (needsState(location.country) && isBlank(location.state)) errors.state = messages.state
  return errors
}

/** Another country clears city and state; the same one changes nothing (the same object back). */
export function withCountry<T extends Location>(values: T, country: string | null): T {
  if (country === values.country) return values
  return { ...values, country, city: '', state: '' }
}

/** The state where the country uses one, else null (what is shown and saved). */
export function stateOf(location: Pick<Location, 'country' | 'state'>): string | null {
  return needsState(location.country) ? location.state.trim() : null
}

/** What the server gets: trimmed, with the state only where the country uses one. */
export function locationForSave(location: Location): { country: string | null; city: string; state: string | null } {
  return { country: location.country, city: location.city.trim(), state: stateOf(location) }
}
