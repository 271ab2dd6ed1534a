import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAppDispatch } from '@/app/hooks'
import { ConfirmDialog, ModalDialog } from '@/components/ui/dialogs'
import { PageLoader } from '@/components/ui/feedback'
import { errorMessage } from '@/lib/api/base'
import { toastShown } from '@/lib/toast'
import {
  useBuyEventTicketMutation,
  useCancelEventPaymentMutation,
  useConfirmEventPaymentMutation,
  useLazyEventPaymentQuery,
  usePaymentsConfigQuery,
} from '../../api/attendance-api'
import type { Confirmation, CypherEvent, PaymentState, Purchased, Ticket, Tier } from '../../types'
import {
  ATTENDANCE_TEXTS,
  AttemptKey,
  eventIsFree,
  isTransient,
  PAYMENT_POLL_MS,
  PAYMENT_POLL_TRIES,
  tierIsFree,
  tierPrices,
  usd,
  validCardNumber,
} from './rules'
import { StripeCardField, type StripeCard } from './stripe-card'
import { TicketCard } from './ticket-card'

type PaidMethod = 'card' | 'cash'
type Message = { text: string; severity: 'error' | 'info' }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A tier's per-ticket lines: ticket, fees, taxes and the total (the server's figures, cents shown in USD). */
function TierPrices({ tier }: { tier: Tier }) {
  if (tierIsFree(tier)) return <Typography variant="body2">Free</Typography>
  const prices = tierPrices(tier)
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
      {`Ticket ${usd(prices.cost)} · fees ${usd(prices.fees)} · taxes ${usd(prices.taxes)} · `}
      <Box component="strong" sx={{ color: 'text.primary' }}>{`total ${usd(prices.total)}`}</Box>
    </Typography>
  )
}

/**
 * Buying a ticket: choose a tier, then pay by card (the configured processor), choose to pay cash at the door,
 * or take a free ticket. Every purchase attempt carries an Idempotency-Key, the same on a retry of that attempt,
 * so a retried request never buys twice. A declined card shows the processor's words and the next Pay is a new
 * purchase.
 */
export default function PurchaseDialog({ event, open, onClose }: { event: CypherEvent; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch()
  const tiers = (event.tiers ?? []).filter((tier): tier is Tier & { id: number } => typeof tier.id === 'number')
  const [tierId, setTierId] = useState<number | null>(tiers[0]?.id ?? null)
  const [method, setMethod] = useState<PaidMethod>('card')
  const [card, setCard] = useState('')
  const [cardInvalid, setCardInvalid] = useState(false)
  const [purchase, setPurchase] = useState<Purchased | null>(null)
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const [secondStep, setSecondStep] = useState(false)
  const [ticket, setTicket] = useState<Ticket | null>(null)
  const keys = useRef(new AttemptKey())
  const stripeCard = useRef<StripeCard | null>(null)
  const onStripeReady = useCallback((value: StripeCard | null) => {
    stripeCard.current = value
  }, [])
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const tier = tiers.find((item) => item.id === tierId) ?? null
  const free = tier ? tierIsFree(tier) : eventIsFree(event)
  const chosen = free ? 'free' : method
  const needsCard = chosen === 'card'
  const { data: config, isError: configFailed, refetch: refetchConfig } = usePaymentsConfigQuery(undefined, { skip: !open || !needsCard })
  const [buy] = useBuyEventTicketMutation()
  const [confirmPayment] = useConfirmEventPaymentMutation()
  const [cancelPayment] = useCancelEventPaymentMutation()
  const [readPayment] = useLazyEventPaymentQuery()

  const title = free ? ATTENDANCE_TEXTS.get : ATTENDANCE_TEXTS.buy

  const finish = (issued: Ticket) => {
    keys.current.settle()
    setPurchase(null)
    setSecondStep(false)
    setMessage(null)
    setTicket(issued)
    dispatch(toastShown('ticketPurchased'))
  }

  /** The card was refused (or the payment cancelled): said, and the next Pay is a new purchase. */
  const refused = (text: string, severity: Message['severity'] = 'error') => {
    keys.current.settle()
    setPurchase(null)
    setSecondStep(false)
    setMessage({ text, severity })
  }

  /** POST /api/events/{id}/tickets with this attempt's key; null when it failed (the base query toasted it). */
  const start = async (): Promise<Purchased | null> => {
    const key = keys.current.for(`${tier?.id ?? 'none'}:${chosen}`)
    try {
      return await buy({ eventId: event.id, tierId: tier?.id ?? null, method: chosen, key }).unwrap()
    } catch (error) {
      // no answer reached us: the same attempt is retried with the same key; a refusal ends the attempt
      if (!isTransient(error)) keys.current.settle()
      return null
    }
  }

  /** After stripe.js (or a pending answer): ask our server until the webhook has issued the ticket. */
  const poll = async (paymentId: number) => {
    for (let attempt = 0; attempt < PAYMENT_POLL_TRIES && alive.current; attempt += 1) {
      try {
        const answer = await readPayment(paymentId).unwrap()
        if (answer?.ticket.status === 'issued') return finish(answer.ticket)
        if (answer && ['declined', 'cancelled'].includes(answer.payment.status)) return refused(answer.payment.message || ATTENDANCE_TEXTS.cancelled)
      } catch {
        /* asked again below */
      }
      await sleep(PAYMENT_POLL_MS)
    }
    if (alive.current) setMessage({ text: ATTENDANCE_TEXTS.stillProcessing, severity: 'info' })
  }

  const settle = async (current: Purchased, answer: PaymentState) => {
    const { payment } = answer
    if (answer.ticket.status === 'issued') return finish(answer.ticket)
    if (payment.status === 'requires_action') {
      setPurchase({ ...current, payment, ticket: answer.ticket })
      setSecondStep(true)
      return
    }
    if (payment.status === 'declined' || payment.status === 'cancelled') return refused(payment.message || ATTENDANCE_TEXTS.cancelled)
    return poll(payment.id)
  }

  /** POST /api/payments/{id}/confirm (the test provider): the card, or the second step. */
  const confirmWith = async (current: Purchased, body: Partial<Confirmation>) => {
    if (!current.payment) return
    try {
      const answer = await confirmPayment({ eventId: event.id, paymentId: current.payment.id, body }).unwrap()
      await settle(current, answer)
    } catch (error) {
      // a lost answer: Pay confirms the same payment again; a refusal (the processor's words) ends the purchase
      if (isTransient(error)) setMessage({ text: errorMessage(error), severity: 'error' })
      else refused(errorMessage(error))
    }
  }

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setMessage(null)
    try {
      await work()
    } finally {
      if (alive.current) setBusy(false)
    }
  }

  const takeTicket = () =>
    run(async () => {
      const answer = await start()
      if (answer?.ticket.status === 'issued') finish(answer.ticket)
    })

  const payByCard = () =>
    run(async () => {
      if (!config) return
      if (config.provider === 'test' && !validCardNumber(card)) {
        setCardInvalid(true)
        return
      }
      if (config.provider === 'stripe' && !stripeCard.current) {
        setMessage({ text: 'The card form is still loading.', severity: 'info' })
        return
      }
      const current = purchase ?? (await start())
      if (!current) return
      setPurchase(current)
      if (current.ticket.status === 'issued') return finish(current.ticket)
      if (!current.payment) return
      if (config.provider === 'stripe') {
        if (!current.payment.clientSecret || !stripeCard.current) return refused(ATTENDANCE_TEXTS.cancelled)
        const { error } = await stripeCard.current.confirm(current.payment.clientSecret)
        if (error) return refused(error)
        return poll(current.payment.id)
      }
      await confirmWith(current, { card })
    })

  const authenticate = () => run(async () => (purchase ? confirmWith(purchase, { authenticate: true }) : undefined))

  const cancelSecondStep = () =>
    run(async () => {
      const paymentId = purchase?.payment?.id
      setSecondStep(false)
      if (paymentId) await cancelPayment(paymentId).unwrap().catch(() => undefined)
      refused(ATTENDANCE_TEXTS.cancelled, 'info')
    })

  const choose = (next: () => void) => {
    // another tier or method is another purchase: the attempt in progress is dropped
    next()
    keys.current.settle()
    setPurchase(null)
    setMessage(null)
  }

  if (ticket) {
    return (
      <ModalDialog
        open={open}
        title="You're going!"
        onClose={onClose}
        actions={
          <Button variant="contained" onClick={onClose} sx={{ minHeight: 44 }}>
            Done
          </Button>
        }
      >
        <TicketCard ticket={ticket} />
      </ModalDialog>
    )
  }

  const payLabel = tier ? `Pay ${usd(tierPrices(tier).total)}` : 'Pay'
  const action =
    chosen === 'card'
      ? { label: payLabel, onClick: payByCard, disabled: busy || !config || (config.provider === 'test' && !card.trim()) }
      : chosen === 'cash'
        ? { label: 'Reserve ticket', onClick: takeTicket, disabled: busy }
        : { label: ATTENDANCE_TEXTS.get, onClick: takeTicket, disabled: busy }

  return (
    <>
      <ModalDialog open={open} title={title} onClose={onClose} action={action}>
        <Stack spacing={3} aria-busy={busy}>
          {tiers.length ? (
            <FormControl>
              <FormLabel id="purchase-tier">Choose a tier</FormLabel>
              <RadioGroup aria-labelledby="purchase-tier" value={tierId ?? ''} onChange={(change) => choose(() => setTierId(Number(change.target.value)))}>
                {tiers.map((item) => (
                  <FormControlLabel
                    key={item.id}
                    value={item.id}
                    control={<Radio />}
                    sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
                    label={
                      <Box>
                        <Typography sx={{ fontWeight: 700 }}>{item.title || 'Ticket'}</Typography>
                        <TierPrices tier={item} />
                        {item.description ? (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {item.description}
                          </Typography>
                        ) : null}
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : (
            <Typography>{`A free ticket for ${event.title || 'this event'}.`}</Typography>
          )}
          {!free ? (
            <FormControl>
              <FormLabel id="purchase-method">How do you want to pay?</FormLabel>
              <RadioGroup aria-labelledby="purchase-method" value={method} onChange={(change) => choose(() => setMethod(change.target.value as PaidMethod))}>
                <FormControlLabel value="card" control={<Radio />} label={ATTENDANCE_TEXTS.payByCard} />
                <FormControlLabel value="cash" control={<Radio />} label={ATTENDANCE_TEXTS.payCash} />
              </RadioGroup>
            </FormControl>
          ) : null}
          {needsCard ? (
            configFailed && !config ? (
              <Alert severity="error" action={<Button onClick={() => refetchConfig()}>Retry</Button>}>
                The payment form could not load.
              </Alert>
            ) : !config ? (
              <PageLoader label="Loading the payment form" />
            ) : config.provider === 'stripe' && config.publishableKey ? (
              <StripeCardField publishableKey={config.publishableKey} onReady={onStripeReady} />
            ) : (
              <TextField
                label={ATTENDANCE_TEXTS.cardNumber}
                value={card}
                onChange={(change) => {
                  setCard(change.target.value)
                  setCardInvalid(false)
                }}
                error={cardInvalid}
                helperText={cardInvalid ? ATTENDANCE_TEXTS.badCard : 'Test mode: 4242 4242 4242 4242 pays.'}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 } }}
              />
            )
          ) : null}
          {message ? (
            <Alert severity={message.severity} role="alert">
              {message.text}
              {message.severity === 'error' && needsCard && !purchase ? ' Try another card.' : ''}
            </Alert>
          ) : null}
        </Stack>
      </ModalDialog>
      <ConfirmDialog
        open={secondStep}
        title={ATTENDANCE_TEXTS.confirmPayment}
        text={`Your bank asks you to confirm this payment of ${usd(purchase?.payment?.amount)} (test bank).`}
        confirmLabel={ATTENDANCE_TEXTS.confirmPayment}
        busy={busy}
        onConfirm={authenticate}
        onClose={cancelSecondStep}
      />
    </>
  )
}
