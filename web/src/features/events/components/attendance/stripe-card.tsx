import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'

/** What the purchase asks of the card form: confirm the payment of this client secret with the card typed. */
export interface StripeCard {
  confirm: (clientSecret: string) => Promise<{ error: string | null }>
}

/**
 * Stripe's card element. `@stripe/stripe-js` (and through it js.stripe.com) is imported here only, dynamically,
 * and this component is rendered only when GET /api/payments/config says "stripe": the test provider never
 * loads a processor's script.
 */
export function StripeCardField({ publishableKey, onReady }: { publishableKey: string; onReady: (card: StripeCard | null) => void }) {
  const mount = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let alive = true
    let destroy: (() => void) | undefined
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure')
        const stripe = await loadStripe(publishableKey)
        if (!alive) return
        if (!stripe || !mount.current) throw new Error('Stripe did not load')
        const card = stripe.elements().create('card', { hidePostalCode: true })
        card.mount(mount.current)
        destroy = () => card.destroy()
        onReady({
          confirm: async (clientSecret) => {
            const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } })
            return { error: result.error ? result.error.message ?? 'Your card was declined.' : null }
          },
        })
        setState('ready')
      } catch {
        if (alive) setState('failed')
      }
    })()
    return () => {
      alive = false
      onReady(null)
      destroy?.()
    }
  }, [publishableKey, onReady, attempt])
  return (
    <Box>
      <Typography component="p" variant="body2" id="stripe-card-label" sx={{ mb: 1 }}>
        Card
      </Typography>
      <Box
        ref={mount}
        role="group"
        aria-labelledby="stripe-card-label"
        aria-busy={state === 'loading'}
        data-testid="stripe-card"
        sx={{ p: 1.5, minHeight: 44, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
      />
      {state === 'loading' ? (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
          Loading the card form…
        </Typography>
      ) : null}
      {state === 'failed' ? (
        <Box role="alert" sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            The card form could not load.
          </Typography>
          <Button
            onClick={() => {
              setState('loading')
              setAttempt(attempt + 1)
            }}
          >
            Retry
          </Button>
        </Box>
      ) : null}
    </Box>
  )
}
