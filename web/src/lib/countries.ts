import countries from '@contracts-data/countries.json'

export interface Country {
  code: string
  name: string
  hasStates: boolean
  aliases: string[]
}

export const COUNTRIES: readonly Country[] = countries as Country[]
export const COUNTRY_NOT_FOUND = 'Country not found'

const byName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country]))

export function findCountry(name: string | null | undefined): Country | undefined {
  return name ? byName.get(name.toLowerCase()) : undefined
}

/** Australia, Canada and the United States use a state. */
export function needsState(name: string | null | undefined): boolean {
  return findCountry(name)?.hasStates ?? false
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Substring search on the name and its aliases, case- and accent-insensitive: 'us' and 'u.s' find United States. */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const needle = fold(query.trim())
  if (!needle) return [...list]
  return list.filter((country) => [country.name, ...country.aliases].some((name) => fold(name).includes(needle)))
}

/** The flag emoji of a country code (two regional indicator letters). */
export function flagOf(name: string | null | undefined): string | null {
  const code = findCountry(name)?.code
  if (!code || code.length !== 2) return null
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65))
}
