import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import AttachMoneyIcon from '@mui/icons-material/AttachMoney'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import CreditCardIcon from '@mui/icons-material/CreditCard'
import type { ReactNode } from 'react'
import { CHECKIN_TEXTS } from '../rules'

/** The 'Checked-in' label of a row (and of the Key). */
export function CheckedInLabel() {
  return <Chip icon={<CheckCircleIcon />} label={CHECKIN_TEXTS.checkedIn} color="success" sx={{ fontWeight: 700, minHeight: 36 }} />
}

/** A button's look in the Key, not a button (nothing to press there). */
export function ButtonSample({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', px: 2, minHeight: 36, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: '0.875rem' }}
    >
      {children}
    </Box>
  )
}

export function CardPaidIcon() {
  return <CreditCardIcon titleAccess="Paid by card" sx={{ color: 'text.secondary' }} />
}

export function CashPaidIcon() {
  return <AttachMoneyIcon titleAccess="Paid cash at door" sx={{ color: 'success.main' }} />
}
