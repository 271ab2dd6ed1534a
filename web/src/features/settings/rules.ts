import type { SettingsTab } from '@/config/paths'
import { locationErrors } from '@/lib/location'
import { isBlank, MESSAGES, validateBirthday } from '@/lib/validation'

export const SECTIONS: { tab: SettingsTab; label: string }[] = [
  { tab: 'SettingsProfile', label: 'Profile' },
  { tab: 'SettingsSocial', label: 'Contact / Social' },
  { tab: 'SettingsStats', label: 'Stats' },
  { tab: 'SettingsPassword', label: 'Change Password' },
  { tab: 'SettingsOtherProfiles', label: 'Other profiles' },
]

export function sectionOf(value: string | null): SettingsTab | null {
  return SECTIONS.find((section) => section.tab === value)?.tab ?? null
}

export const SETTINGS_IMAGE_TOO_BIG = 'Use an image smaller than 10Mb'
export const SETTINGS_IMAGE_HINT = '* Use an image smaller than 10Mb'
export const OTHER_PROFILES_EMPTY = 'Create and manage your other profiles.'
export const RELEASE_SUBTITLE =
  'This profile will no longer be associated with the parent email. It will get its own email and password.'

export interface ProfileDraft {
  dancerName: string
  fullName: string
  birthday: string
  country: string | null
  state: string
  city: string
}

/** The account settings' profile form (docs/product/accounts-and-profiles.md). */
export function profileErrors(draft: ProfileDraft, today: Date = new Date()): Partial<Record<keyof ProfileDraft, string>> {
  const errors: Partial<Record<keyof ProfileDraft, string>> = {}
  if (isBlank(draft.dancerName)) errors.dancerName = MESSAGES.dancerNameRequired
  if (isBlank(draft.fullName)) errors.fullName = MESSAGES.fullNameRequired
  const birthday = validateBirthday(draft.birthday, true, today)
  if (birthday) errors.birthday = birthday
  return { ...errors, ...locationErrors(draft) }
}
