/**
 * The pure rules an organization's and a studio's screens share (docs/product/organizations.md,
 * docs/product/studios.md): their page's tabs, their settings' sections, the texts of a list of members.
 */

/** A tab of an entity's page: its key in the query `tab`, and the number a studio's link may give instead. */
export interface EntityTab<K extends string = string> {
  key: K
  label: string
  id?: number
}

/** The tab the query `tab` names, by its key or its number; the first tab when it names none. */
export function tabOf<K extends string>(tabs: readonly [EntityTab<K>, ...EntityTab<K>[]], value: string | null | undefined): K {
  const tab = tabs.find((item) => item.key === value || (item.id !== undefined && String(item.id) === value))
  return (tab ?? tabs[0]).key
}

/** What the tab's and its panel's element ids end with: the tab's number where it has one, else its key. */
export function tabIdPart(tab: EntityTab): string {
  return String(tab.id ?? tab.key)
}

/** A section of an entity's settings, each a child route. */
export interface SettingsSectionItem<K extends string = string> {
  key: K
  label: string
}

/** The section the child route names; none for an unknown one (the settings go back to their start). */
export function sectionOf<K extends string>(sections: readonly SettingsSectionItem<K>[], value: string | null | undefined): K | null {
  return sections.find((section) => section.key === value)?.key ?? null
}

/** A section's heading; the section of people the entity counts carries the count: 'Members (3)'. */
export function sectionHeading(label: string, count?: number): string {
  return count === undefined ? label : `${label} (${count})`
}

/**
 * The texts of a settings list of people from one name of theirs ('member', 'student'), singular and plural:
 * its search, add button and dialog, loader, list, and what a search that finds no one says.
 */
export function memberTexts(noun: string, plural: string) {
  return {
    search: `Search current ${plural}`,
    add: `Add ${noun}`,
    loading: `Loading ${plural}`,
    list: `Current ${plural}`,
    removeTitle: `Remove ${noun}?`,
    notFound: (keyword: string) => ({ title: `No ${plural} found`, text: `No ${noun}'s name contains "${keyword}".` }),
  }
}

export type MemberTexts = ReturnType<typeof memberTexts>
