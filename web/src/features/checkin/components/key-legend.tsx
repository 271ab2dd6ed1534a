import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useId, useState, type ReactNode } from 'react'
import { CHECKIN_TEXTS, LEGEND } from '../rules'
import { CardPaidIcon, CashPaidIcon, CheckedInLabel, ButtonSample } from './status-pieces'

const SAMPLES: Record<(typeof LEGEND)[number]['key'], ReactNode> = {
  checkedIn: <CheckedInLabel />,
  checkIn: <ButtonSample>{CHECKIN_TEXTS.checkIn}</ButtonSample>,
  card: <CardPaidIcon />,
  cash: <CashPaidIcon />,
  payAndCheckIn: <ButtonSample>{CHECKIN_TEXTS.payAndCheckIn}</ButtonSample>,
}

/** The collapsible Key: open at first on medium screens and up, folded on a phone (docs/product/tickets-and-checkin.md). */
export function KeyLegend() {
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true })
  const [open, setOpen] = useState(wide)
  const id = useId()
  return (
    <Paper variant="outlined" sx={{ mb: 3 }} component="section" aria-label="Key">
      <Button
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ width: '100%', justifyContent: 'space-between', minHeight: 48, px: 2, fontWeight: 700 }}
      >
        Key
      </Button>
      <Collapse in={open} id={id}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', alignItems: 'center', columnGap: 2, rowGap: 1.5, m: 0, px: 2, pb: 2 }}>
          {LEGEND.map((entry) => (
            <Box key={entry.key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ display: 'flex', alignItems: 'center' }}>
                {SAMPLES[entry.key]}
              </Box>
              <Typography component="dd" sx={{ m: 0 }}>
                {entry.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Collapse>
    </Paper>
  )
}
