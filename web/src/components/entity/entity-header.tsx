import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import SettingsIcon from '@mui/icons-material/Settings'
import type { ReactNode } from 'react'

/** One of the header's counts, its value under the test id `stat-<key>`. */
export interface EntityStat {
  key: string
  label: string
  value: ReactNode
}

interface EntityHeaderProps {
  image: ReactNode
  /** the h1 */
  name: string
  /** a line under the name (a studio's address) */
  subtitle?: ReactNode
  /** the Settings button's link, for editors only */
  settingsHref?: string
  stats: readonly EntityStat[]
  /** between the name and the counts (a studio's social icons) */
  links?: ReactNode
  /** under the counts (an organization's 'Follow and connect') */
  children?: ReactNode
}

/** The top of an organization's or a studio's page: image, name, Settings for editors, the three counts. */
export function EntityHeader({ image, name, subtitle, settingsHref, stats, links, children }: EntityHeaderProps) {
  return (
    <Paper elevation={0} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        {image}
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%', textAlign: { xs: 'center', sm: 'left' } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { xs: 'center', sm: 'flex-start' }, justifyContent: 'space-between', gap: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              {subtitle ? <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{subtitle}</Typography> : null}
            </Box>
            {settingsHref ? (
              <Button href={settingsHref} variant="outlined" startIcon={<SettingsIcon />} sx={{ flexShrink: 0 }}>
                Settings
              </Button>
            ) : null}
          </Stack>
          {links}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 }, mt: links ? 2 : 3, mb: 0, maxWidth: 560, mx: { xs: 'auto', sm: 0 } }}>
            {stats.map((stat) => (
              <Box key={stat.key} sx={{ textAlign: 'center', py: 1.5, px: 1, borderRadius: 2, bgcolor: 'background.default', display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {stat.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: { xs: 22, sm: 28 }, fontWeight: 900 }} data-testid={`stat-${stat.key}`}>
                  {stat.value}
                </Typography>
              </Box>
            ))}
          </Box>
          {children}
        </Box>
      </Stack>
    </Paper>
  )
}
