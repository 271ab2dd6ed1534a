import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { PeopleStep } from '@/components/entity/people-step'
import { PageLoader } from '@/components/ui/feedback'
import { isNotFound } from '@/lib/api/base'
import { ErrorState } from '@/components/ui/error-state'
import { ImageUpload } from '@/components/ui/image-upload'
import { ProgressDots } from '@/components/ui/progress-dots'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { useGetCurrentUserQuery } from '@/lib/api/users'
import { selectIsSignedIn } from '@/lib/auth/session-slice'
import { useNotFound } from '@/lib/not-found'
import {
  useAddRoleMutation,
  useGetOrganizationQuery,
  usePublishOrganizationMutation,
  useRemoveRoleMutation,
  useSaveOrganizationMutation,
} from '../api/organizations-api'
import { CREATION_STAGES, ORG_NAME_MAX_LENGTH, ROLE_TEXTS } from '../rules'
import type { Organization, Role } from '../types'
import { SubmitForm } from '@/components/ui/submit-form'

const STAGES = [
  { title: 'Info', text: 'The image and the name dancers will know the organization by.' },
  { title: 'Organization admins', text: 'Admins (owners) edit everything of the organization. You are one already.' },
  { title: 'Organization promoters', text: 'Promoters may create events under the organization.' },
] as const

function InfoStage({ org, onDone }: { org: Organization; onDone: () => void }) {
  const [name, setName] = useState(org.name)
  const [image, setImage] = useState<string | null>(org.image ?? null)
  const [save, { isLoading }] = useSaveOrganizationMutation()
  const blank = !name.trim()

  const next = async () => {
    if (blank) return
    try {
      await save({ id: org.id, body: { name: name.trim(), image } }).unwrap()
      onDone()
    } catch {
      /* stays on this stage: the failure was shown as a toast */
    }
  }

  return (
    <SubmitForm onSubmit={next}>
      <Stack spacing={3}>
        <ImageUpload value={image} onUploaded={(uploaded) => setImage(uploaded.id)} imageType="org" previewSize={140} hint="PNG or JPEG, smaller than 10Mb" />
        <TextField label="Organization name" value={name} required autoFocus onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: ORG_NAME_MAX_LENGTH } }} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={blank || isLoading}>
          Next
        </Button>
      </Stack>
    </SubmitForm>
  )
}

function RoleStage({ org, role, meId }: { org: Organization; role: Role; meId?: number }) {
  const [addRole] = useAddRoleMutation()
  const [removeRole] = useRemoveRoleMutation()
  const texts = ROLE_TEXTS[role]
  return (
    <PeopleStep
      picker={texts.wizardPicker}
      role={role}
      heading={texts.heading}
      empty={texts.empty}
      users={role === 'admin' ? org.admins : org.promoters}
      // the list changes with the server's answer only (organizations-api applies it)
      change={(userId, remove) => (remove ? removeRole : addRole)({ id: org.id, userId, role }).unwrap()}
      meId={meId}
    />
  )
}

/** /create-organization-organization/{id} (docs/product/organizations.md): info, admins, promoters; publish opens the page. */
export function CreateOrganizationPage({ id }: { id: number }) {
  const navigate = useNavigate()
  const signedIn = useAppSelector(selectIsSignedIn)
  const valid = Number.isInteger(id) && id > 0
  const { data: org, error, isFetching, refetch } = useGetOrganizationQuery(id, { skip: !valid })
  const { data: me } = useGetCurrentUserQuery(undefined, { skip: !signedIn })
  const [publish, { isLoading: publishing }] = usePublishOrganizationMutation()
  const [stage, setStage] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  useDocumentTitle('Create Organization')

  const missing = !valid || isNotFound(error) || Boolean(org && !org.canEdit)
  useNotFound(missing)

  // each stage's title takes the focus, so a screen reader hears where it is
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [stage])

  if (missing) return null
  if (error && !org) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!org) return <PageLoader label="Loading organization" />

  const finish = async () => {
    try {
      if (org.status === 'draft') await publish(org.id).unwrap()
      navigate(paths.organization.getHref(org.id))
    } catch {
      /* stays on the last stage: the failure was shown as a toast */
    }
  }

  const current = STAGES[stage]
  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 }, display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" elevation={0} aria-labelledby="create-org-title" sx={{ width: '100%', maxWidth: 620, p: { xs: 2.5, sm: 4 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}>
        <Typography id="create-org-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
          Create Organization
        </Typography>
        <ProgressDots count={CREATION_STAGES} current={stage} label="Stage" />
        <Typography variant="h2" ref={heading} tabIndex={-1} sx={{ fontSize: '1.3rem', outline: 'none' }}>
          {current.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{current.text}</Typography>
        {stage === 0 ? <InfoStage org={org} onDone={() => setStage(1)} /> : null}
        {stage > 0 ? (
          <>
            <RoleStage key={stage} org={org} role={stage === 1 ? 'admin' : 'promoter'} meId={me?.id} />
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 4 }}>
              <Button size="large" color="inherit" onClick={() => setStage(stage - 1)}>
                Back
              </Button>
              {stage === 1 ? (
                <Button variant="contained" size="large" onClick={() => setStage(2)}>
                  Next
                </Button>
              ) : (
                <Button variant="contained" size="large" onClick={finish} disabled={publishing}>
                  {org.status === 'draft' ? 'Publish' : 'Done'}
                </Button>
              )}
            </Stack>
          </>
        ) : null}
      </Paper>
    </Box>
  )
}
