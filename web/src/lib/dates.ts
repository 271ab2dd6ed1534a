/** Age in whole years from a birthday written mm/dd/yyyy; null when it cannot be read. */
export function ageFrom(birthday: string | null | undefined, today: Date = new Date()): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(birthday ?? '')
  if (!match) return null
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  let age = today.getFullYear() - year
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1
  return age >= 0 ? age : null
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
