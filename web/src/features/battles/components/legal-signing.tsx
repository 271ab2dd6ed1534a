import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { SafeHtml } from '@/components/ui/safe-html'
import { useBattleSignMutation } from '../api/battles-api'
import { isRealDate } from '../rules'
import type { Battle } from '../types'

const DOCS = {
  agreement: { title: 'Agreement', sign: 'Sign agreement', signed: 'Agreement signed' },
  waiver: { title: 'Waiver', sign: 'Sign waiver', signed: 'Waiver signed' },
} as const

/** One of the organization's texts the caller signs for this battle: the text, then Sign or 'signed'. */
function LegalDoc({ battle, doc }: { battle: Battle; doc: 'agreement' | 'waiver' }) {
  const [sign, { isLoading }] = useBattleSignMutation()
  const texts = DOCS[doc]
  const html = battle.orgLegalDocs[doc]
  const signedAt = doc === 'agreement' ? battle.orgLegalDocs.agreementSignedAt : battle.orgLegalDocs.waiverSignedAt
  const signed = isRealDate(signedAt)
  return (
    <Accordion disableGutters defaultExpanded={!signed} sx={{ border: '1px solid', borderColor: 'divider', '&:before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ minHeight: 48 }}>
        <Typography sx={{ fontWeight: 800 }}>{texts.title}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <SafeHtml html={html} sx={{ maxHeight: 240, overflow: 'auto', mb: 2, fontSize: 14 }} />
        {signed ? (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, color: 'success.main' }}>
            <CheckCircleIcon aria-hidden="true" />
            <Typography>{texts.signed}</Typography>
          </Stack>
        ) : (
          <Button variant="outlined" disabled={isLoading} onClick={() => void sign({ battleId: battle.id, doc })} sx={{ minHeight: 48 }}>
            {texts.sign}
          </Button>
        )}
      </AccordionDetails>
    </Accordion>
  )
}

/** The caller's agreement and waiver, when the server says they are to be shown. */
export function LegalSigning({ battle }: { battle: Battle }) {
  const { showAgreement, showWaiver } = battle.permissions
  if (!showAgreement && !showWaiver) return null
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {showAgreement ? <LegalDoc battle={battle} doc="agreement" /> : null}
      {showWaiver ? <LegalDoc battle={battle} doc="waiver" /> : null}
    </Stack>
  )
}
