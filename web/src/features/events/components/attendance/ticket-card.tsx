import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Ticket } from '../../types'
import { methodLabel, usd } from './rules'

/** One ticket: its tier, the sum paid (or due at the door), how, and its QR code for the door. */
export function TicketCard({ ticket }: { ticket: Ticket }) {
  const title = ticket.title || 'Ticket'
  return (
    <Paper variant="outlined" component="article" aria-label={`Ticket ${title}`} sx={{ p: 2, borderRadius: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        {ticket.qr ? (
          <Box
            component="img"
            src={ticket.qr}
            alt={`QR code of your ticket ${title}`}
            width={180}
            height={180}
            sx={{ width: 180, height: 180, bgcolor: '#fff', p: 1, borderRadius: 1, flexShrink: 0 }}
          />
        ) : null}
        <Stack spacing={0.5} sx={{ minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h3" component="p" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="ticket-sum">
            {usd(ticket.ticketSum)}
          </Typography>
          {ticket.ticketSum > 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {`Ticket ${usd(ticket.ticketCost)} · fees ${usd(ticket.ticketFees)} · taxes ${usd(ticket.ticketTaxes)}`}
            </Typography>
          ) : null}
          <Typography variant="body2">{methodLabel(ticket)}</Typography>
          {ticket.status === 'pending' ? (
            <Typography variant="body2" sx={{ color: 'warning.main' }}>
              Awaiting payment
            </Typography>
          ) : null}
          {ticket.qr ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Show this code at the door.
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  )
}
