import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { EmailInput } from '@/components/ui/email-input'
import { FormCard } from '@/components/ui/form-card'
import { Notice } from '@/components/ui/notice'
import { paths } from '@/config/paths'
import type { DataOfBool } from '@/lib/api/types'
import { isBlank, MESSAGES, trimEmail } from '@/lib/validation'

/**
 * A link mailed on request (password reset, magic link): the email, Submit, then the spec's 'Check your
 * inbox…'. A falsy answer or a failure clears the email (the failure was shown as a toast).
 */
export function EmailRequestForm({
  title,
  formLabel,
  intro,
  sentText,
  request,
  busy,
  onSent,
  confirms = true,
}: {
  title: string
  /** the form's accessible name */
  formLabel: string
  intro: string
  sentText: string
  /** the call (the mutation's trigger, unwrapped) */
  request: (email: string) => Promise<DataOfBool>
  busy: boolean
  /** after the request went through, with the email it was sent to */
  onSent?: (email: string) => void
  /** false when `onSent` leaves the page: the confirmation is not shown then */
  confirms?: boolean
}) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isBlank(email)) return setError(MESSAGES.fieldRequired)
    setError(null)
    try {
      const result = await request(trimEmail(email))
      if (!result?.data) return setEmail('')
      onSent?.(trimEmail(email))
      if (confirms) setSent(true)
    } catch {
      setEmail('') // a falsy answer: the email is cleared, the failure was shown as a toast
    }
  }

  return (
    <FormCard title={title}>
      {sent ? (
        <Stack spacing={2}>
          <Notice severity="success">{sentText}</Notice>
          <Link href={paths.login.getHref()}>Back to log in</Link>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label={formLabel}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{intro}</Typography>
          <Stack spacing={2}>
            <EmailInput value={email} onChange={setEmail} error={Boolean(error)} helperText={error ?? ' '} />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Submit
            </Button>
            <Link href={paths.login.getHref()} sx={{ textAlign: 'center' }}>
              Back to log in
            </Link>
          </Stack>
        </Box>
      )}
    </FormCard>
  )
}
