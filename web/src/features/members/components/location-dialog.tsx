import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { CountrySelect } from '@/components/ui/country-select'
import { ModalDialog } from '@/components/ui/dialogs'
import { TextInput } from '@/components/ui/text-input'
import { needsState } from '@/lib/countries'
import { withCountry } from '@/lib/location'
import type { LocationFilter } from '../rules'

interface LocationDialogProps {
  open: boolean
  /** the chips as they are: the dialog edits them */
  current: LocationFilter
  /** the signed-in user's own place, offered as a shortcut */
  mine?: LocationFilter | null
  onApply: (filter: LocationFilter) => void
  onClose: () => void
}

interface Fields {
  country: string | null
  state: string
  city: string
}

const fieldsOf = (filter: LocationFilter): Fields => ({ country: filter.country ?? null, state: filter.state ?? '', city: filter.city ?? '' })

/**
 * The location filter behind the chips: a country from the list, a state where the country has them, a city.
 * Each part is optional; Apply turns the filled ones into chips.
 */
export function LocationDialog({ open, current, mine, onApply, onClose }: LocationDialogProps) {
  return open ? <LocationForm current={current} mine={mine} onApply={onApply} onClose={onClose} /> : null
}

function LocationForm({ current, mine, onApply, onClose }: Omit<LocationDialogProps, 'open'>) {
  // mounted on open: the fields start from the chips each time
  const [fields, setFields] = useState<Fields>(() => fieldsOf(current))
  const hasState = needsState(fields.country)
  const apply = () => {
    onApply({ country: fields.country ?? undefined, state: hasState ? fields.state : undefined, city: fields.city })
    onClose()
  }
  const blank = !fields.country && !fields.city.trim() && !(hasState && fields.state.trim())
  const hasMine = Boolean(mine && (mine.country || mine.city))
  return (
    <ModalDialog open title="Filter by location" onClose={onClose} action={{ label: 'Apply', onClick: apply, disabled: blank }}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {hasMine && mine ? (
          <Button variant="outlined" onClick={() => setFields(fieldsOf(mine))} sx={{ alignSelf: 'flex-start' }}>
            Use my location
          </Button>
        ) : null}
        <CountrySelect value={fields.country} onChange={(country) => setFields((values) => withCountry(values, country))} />
        {hasState ? (
          <TextInput label="State" value={fields.state} onChange={(event) => setFields((values) => ({ ...values, state: event.target.value }))} />
        ) : null}
        <TextInput label="City" value={fields.city} onChange={(event) => setFields((values) => ({ ...values, city: event.target.value }))} />
      </Stack>
    </ModalDialog>
  )
}
