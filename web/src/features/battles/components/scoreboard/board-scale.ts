/**
 * The projector board's sizes, from how many rounds and judges it shows: everything in vh of the screen's height
 * (capped by its width where the page sets them), so a 16:9 screen of any resolution shows the whole sparring —
 * every round, tie breakers and sums included — without scrolling, up to 3 judges × 5 rounds and beyond while the
 * rows stay readable. Below that the rows keep their smallest size and the board scrolls.
 *
 * The budget (vh): the page's padding and gaps, the header (event, carpet, battle · level), the sides (a name of at
 * most two lines, the total, the votes) and a line for 'Tie breaker'; the rest is the rounds', laid out as cards
 * (a header, a row per judge and the sum) in up to 4 columns.
 */

export const PAGE_PADDING_VH = 2.5
export const SECTION_GAP_VH = 1.8
export const HEADER_VH = 11.8
export const TIE_LINE_VH = 3.6
export const VOTES_VH = 2.6
/** a row's height for its font: line height 1.3 and 0.15em above and below */
export const ROW_LINE = 1.6
export const CARD_PADDING_VH = 1
export const CARD_GAP_VH = 1.2
export const MAX_ROW_VH = 3.4
/** about 19 px on a 1080 px screen: smaller is not read from the back of a hall */
export const MIN_ROW_VH = 1.8
/** what the estimate may fill: a margin for what it does not count (borders, rounding) */
export const BUDGET_VH = 96

export interface BoardScale {
  /** round cards side by side (on a wide screen) */
  columns: number
  /** font sizes in vh */
  rowVh: number
  nameVh: number
  totalVh: number
  /** the sides made smaller to leave the rounds room */
  compact: boolean
  /** the estimated height of the whole board, in vh */
  heightVh: number
  /** the board fits the screen's height without scrolling */
  fits: boolean
}

/** Cards per row: one row of up to 3 rounds, 2 × 2 for 4, then 3 and 4 columns. */
export function boardColumns(rounds: number): number {
  if (rounds <= 3) return Math.max(rounds, 1)
  if (rounds === 4) return 2
  return rounds <= 6 ? 3 : 4
}

const sidesVh = (nameVh: number, totalVh: number) => 1 + 1.2 + 2 * nameVh * 1.05 + totalVh + VOTES_VH * 1.4

function roundsVh(cardRows: number, lines: number, rowVh: number) {
  return cardRows * (lines * rowVh * ROW_LINE + CARD_PADDING_VH) + (cardRows - 1) * CARD_GAP_VH
}

export function boardScale(rounds: number, judges: number): BoardScale {
  const columns = boardColumns(rounds)
  const cardRows = Math.ceil(Math.max(rounds, 1) / columns)
  const lines = Math.max(judges, 1) + 2 // the header, a row per judge, the sum
  const fixed = (nameVh: number, totalVh: number) => 2 * PAGE_PADDING_VH + 3 * SECTION_GAP_VH + HEADER_VH + TIE_LINE_VH + sidesVh(nameVh, totalVh)
  const rowFor = (nameVh: number, totalVh: number) =>
    Math.min(MAX_ROW_VH, (BUDGET_VH - fixed(nameVh, totalVh) - cardRows * CARD_PADDING_VH - (cardRows - 1) * CARD_GAP_VH) / (cardRows * lines * ROW_LINE))
  let nameVh = 5
  let totalVh = 11
  let rowVh = rowFor(nameVh, totalVh)
  const compact = rowVh < 2.4
  if (compact) {
    nameVh = 4
    totalVh = 8
    rowVh = rowFor(nameVh, totalVh)
  }
  rowVh = Math.max(MIN_ROW_VH, rowVh)
  const heightVh = fixed(nameVh, totalVh) + roundsVh(cardRows, lines, rowVh)
  return { columns, rowVh: round2(rowVh), nameVh, totalVh, compact, heightVh: round2(heightVh), fits: heightVh <= BUDGET_VH + 1e-6 }
}

const round2 = (value: number) => Math.floor(value * 100) / 100
