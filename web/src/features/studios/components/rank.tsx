import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents'
import SportsKabaddiIcon from '@mui/icons-material/SportsKabaddi'
import { rankIcon, rankText, type RankIcon } from '../rules'

const MEDALS: Record<Exclude<RankIcon, 'compete'>, string> = { gold: '#C9A227', silver: '#9EA4AA', bronze: '#B87333' }
const ICON_NAMES: Record<RankIcon, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze', compete: 'Competed' }

/** A battle's rank: gold, silver or bronze for 1 to 3, the compete icon otherwise, and the rank text. */
export function RankBadge({ rank }: { rank: number | null | undefined }) {
  const icon = rankIcon(rank)
  const text = rankText(rank)
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      {icon === 'compete' ? (
        <SportsKabaddiIcon data-rank-icon="compete" titleAccess={text ? undefined : ICON_NAMES.compete} aria-hidden={text ? true : undefined} fontSize="small" sx={{ color: 'text.secondary' }} />
      ) : (
        <EmojiEventsIcon data-rank-icon={icon} aria-hidden="true" fontSize="small" sx={{ color: MEDALS[icon] }} />
      )}
      <Typography component="span" variant="body2" sx={{ fontWeight: 800, minWidth: 40 }}>
        {text}
      </Typography>
    </Box>
  )
}
