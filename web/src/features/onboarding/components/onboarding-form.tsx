import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { TextInput } from '@/components/ui/text-input'
import Typography from '@mui/material/Typography'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '@/app/hooks'
import { CountrySelect } from '@/components/ui/country-select'
import { DancerCard } from '@/components/ui/dancer-card'
import { DateMaskField } from '@/components/ui/date-mask-field'
import { ImageUpload } from '@/components/ui/image-upload'
import { ProgressDots } from '@/components/ui/progress-dots'
import { paths, safeRedirect } from '@/config/paths'
import type { User } from '@/lib/api/types'
import { toUserUpdate, useSaveUserMutation } from '@/lib/api/users'
import { needsState } from '@/lib/countries'
import { stateOf, withCountry } from '@/lib/location'
import { currentProfile } from '@/lib/storage'
import { IMAGE_TOO_BIG, SOMETHING_WRONG, toastShown } from '@/lib/toast'
import { useAddProfileMutation } from '../api/onboarding-api'
import { EMPTY_VALUES, STEPS, stepErrors, toProfileDetails, type OnboardingValues } from '../rules'

const TITLES = {
  fullName: 'Full name',
  dancerName: 'Username',
  birthday: 'Enter your birthday',
  location: 'Location',
  avatar: 'Add a profile picture',
  card: 'Your dancer card',
} as const

function initialValues(user: User | null | undefined): OnboardingValues {
  if (!user) return EMPTY_VALUES
  const [firstName = '', ...rest] = (user.fullName ?? '').split(' ')
  return {
    ...EMPTY_VALUES,
    firstName,
    lastName: rest.join(' '),
    dancerName: user.dancerName ?? '',
    birthday: user.birthday ?? '',
    country: user.country ?? null,
    city: user.city ?? '',
    state: user.state ?? '',
    avatar: user.avatar ?? null,
  }
}

interface OnboardingFormProps {
  /** the signed-in user (first profile) or the account's acting user (add-to-existing) */
  user: User | null | undefined
  addToExisting?: boolean
}

/**
 * The six onboarding steps. The last one saves: the first profile (POST /user), or, in add-to-existing mode,
 * another profile of the account (POST /user/profiles), which then becomes the current profile.
 */
export function OnboardingForm({ user, addToExisting = false }: OnboardingFormProps) {
  const [values, setValues] = useState<OnboardingValues>(() => (addToExisting ? EMPTY_VALUES : initialValues(user)))
  const [index, setIndex] = useState(0)
  const [direction, setDirection] = useState<'forward' | 'back'>('forward')
  const [errors, setErrors] = useState<Partial<Record<keyof OnboardingValues, string>>>({})
  const [saveUser, { isLoading: savingUser }] = useSaveUserMutation()
  const [addProfile, { isLoading: adding }] = useAddProfileMutation()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const lastName = useRef<HTMLInputElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const step = STEPS[index]
  const saving = savingUser || adding

  useEffect(() => {
    if (index > 0) heading.current?.focus()
  }, [index])

  const set = <K extends keyof OnboardingValues>(key: K, value: OnboardingValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }

  const save = async () => {
    const details = toProfileDetails(values)
    try {
      if (addToExisting) {
        const profile = await addProfile(details).unwrap()
        currentProfile.set(profile.id)
        // a fresh page: the next token carries the new profile, and every cached view belongs to it
        window.location.assign(paths.profile.getHref(profile.id))
        return
      }
      if (!user) throw new Error('no user')
      await saveUser(toUserUpdate(user, details)).unwrap()
      navigate(safeRedirect(params.get('redirect')), { replace: true })
    } catch {
      dispatch(toastShown(SOMETHING_WRONG))
    }
  }

  const next = (event?: FormEvent) => {
    event?.preventDefault()
    const found = stepErrors(step, values)
    setErrors(found)
    if (Object.keys(found).length) return
    if (index === STEPS.length - 1) {
      void save()
      return
    }
    setDirection('forward')
    setIndex(index + 1)
  }

  const back = () => {
    setDirection('back')
    setErrors({})
    setIndex(Math.max(0, index - 1))
  }

  const errorProps = (key: keyof OnboardingValues) => ({
    error: errors[key] !== undefined,
    helperText: errors[key] || ' ',
  })

  const focusLastName = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      lastName.current?.focus()
    }
  }

  return (
    <Box component="form" noValidate onSubmit={next} aria-label={addToExisting ? 'Create another profile' : 'Set up your profile'}>
      <Box key={step} className={direction === 'forward' ? 'slide-forward' : 'slide-back'} data-testid={`onboarding-step-${step}`}>
        <Typography variant="h2" component="h2" ref={heading} tabIndex={-1} sx={{ mb: 3, outline: 'none' }}>
          {TITLES[step]}
        </Typography>
        {step === 'fullName' ? (
          <Stack spacing={1}>
            <TextInput label="First name" autoComplete="given-name" value={values.firstName} onChange={(event) => set('firstName', event.target.value)} onKeyDown={focusLastName} autoFocus {...errorProps('firstName')} required />
            <TextInput label="Last name" autoComplete="family-name" value={values.lastName} onChange={(event) => set('lastName', event.target.value)} inputRef={lastName} {...errorProps('lastName')} required />
          </Stack>
        ) : null}
        {step === 'dancerName' ? (
          <TextInput label="Dancer name, nickname, etc..." value={values.dancerName} onChange={(event) => set('dancerName', event.target.value)} autoFocus {...errorProps('dancerName')} required />
        ) : null}
        {step === 'birthday' ? (
          <DateMaskField label="Birthday" placeholder="10/18/1993" value={values.birthday} onChange={(value) => set('birthday', value)} autoFocus {...errorProps('birthday')} required />
        ) : null}
        {step === 'location' ? (
          <Stack spacing={1}>
            <CountrySelect
              value={values.country}
              onChange={(country) => {
                setValues((current) => withCountry(current, country))
                setErrors({})
              }}
              error={errors.country !== undefined}
              helperText={errors.country || ' '}
            />
            <TextInput label="City" autoComplete="address-level2" value={values.city} onChange={(event) => set('city', event.target.value)} {...errorProps('city')} required />
            {needsState(values.country) ? (
              <TextInput label="State" autoComplete="address-level1" value={values.state} onChange={(event) => set('state', event.target.value)} {...errorProps('state')} required />
            ) : null}
          </Stack>
        ) : null}
        {step === 'avatar' ? (
          <ImageUpload
            value={values.avatar}
            onUploaded={(image) => set('avatar', image.id)}
            imageType="avatar"
            shape="circle"
            previewSize={140}
            uploadLabel="Upload Image"
            editLabel="Edit Image"
            tooBigMessage={IMAGE_TOO_BIG}
            hint="PNG or JPEG, up to 10Mb. You can add it later too."
          />
        ) : null}
        {step === 'card' ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>Tap the card to turn it over.</Typography>
            <DancerCard
              dancer={{
                dancerName: values.dancerName,
                city: values.city,
                state: stateOf(values),
                country: values.country,
                avatar: values.avatar,
                eventsAttended: user?.eventsAttended ?? 0,
                battlesEntered: user?.battlesEntered ?? 0,
                battlesWon: user?.battlesWon ?? 0,
              }}
              width={260}
              height={360}
            />
          </Stack>
        ) : null}
      </Box>
      <ProgressDots count={STEPS.length} current={index} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: 1 }}>
        {/* docs/product/accounts-and-profiles.md: every step has back and next; back is not allowed on the first. */}
        <Button onClick={back} startIcon={<ArrowBackIcon />} color="inherit" disabled={saving || index === 0}>
          back
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {step === 'card' ? 'create profile' : 'next'}
        </Button>
      </Stack>
    </Box>
  )
}
