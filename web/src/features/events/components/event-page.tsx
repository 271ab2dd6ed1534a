import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import EventBusyIcon from '@mui/icons-material/EventBusy'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import EditIcon from '@mui/icons-material/Edit'
import EventIcon from '@mui/icons-material/Event'
import ExpandLessIcon from '@mui/icons-material/ExpandLess'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import FacebookIcon from '@mui/icons-material/Facebook'
import HowToRegIcon from '@mui/icons-material/HowToReg'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import TvIcon from '@mui/icons-material/Tv'
import XIcon from '@mui/icons-material/X'
import { useEffect, useState, type ReactNode } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router'
import { ConfirmDialog, ModalDialog } from '@/components/ui/dialogs'
import { ErrorState } from '@/components/ui/error-state'
import { PageLoader } from '@/components/ui/feedback'
import { RoleUsers } from '@/components/ui/role-users'
import { SafeHtml } from '@/components/ui/safe-html'
import { useDocumentTitle } from '@/components/ui/use-document-title'
import { paths } from '@/config/paths'
import { isNotFound } from '@/lib/api/base'
import { imageUrl } from '@/lib/api/images'
import { useLiveTopics } from '@/lib/live-topics'
import { useNotFound } from '@/lib/not-found'
import { useDeleteEventMutation, useGetEventQuery, useSaveEventMutation } from '../api/events-api'
import { battleCategory } from '../battle-rules'
import { CANCEL_TEXTS, canCancel, canDelete, costSummary, deleteQuestion, eventUpdate, isFree, mapsSearchUrl, normaliseUpdate, shareLinks, TEXTS } from '../rules'
import type { CypherEvent, EventBattleSummary, EventDraft } from '../types'
import { TicketActions } from './attendance/ticket-actions'
import { CancelEventDialog } from './cancel-event-dialog'
import { boardTopics, CarpetBoards } from './carpet-boards'
import { FeedbackBlock } from './feedback/feedback-block'
import { EventTabs, FeedbackTab, type EventTab } from './feedback/feedback-tab'
import { showsFeedbackTabs } from './feedback/rules'
import { WhosGoing } from './going/whos-going'
import { DisplayModeStep } from './wizard-steps'

/** The facts of the sidebar: date, the venue's time, address, website, cost. */
function EventFacts({ event }: { event: CypherEvent }) {
  return (
    <Stack spacing={1}>
      {event.dateFlat ? <Typography sx={{ fontWeight: 700 }}>{event.dateFlat}</Typography> : null}
      {event.timeFlat ? (
        <Typography>
          {event.timeFlat}{' '}
          {/* the venue's time for every visitor: say so, so nobody converts it again */}
          {event.timeZone ? (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {`local time, ${event.timeZone.replace(/_/g, ' ')}`}
            </Typography>
          ) : null}
        </Typography>
      ) : null}
      {event.locationAddress ? (
        <Link href={mapsSearchUrl(event.locationAddress)} target="_blank" rel="noopener noreferrer">
          {event.locationAddress}
        </Link>
      ) : null}
      {event.website ? (
        <Link href={event.website} target="_blank" rel="noopener noreferrer">
          {TEXTS.visitWebsite}
        </Link>
      ) : null}
      {isFree(event.tiers) ? null : (
        <Typography sx={{ fontWeight: 700 }} data-testid="cost-summary">
          {costSummary(event.tiers)}
        </Typography>
      )}
    </Stack>
  )
}

/** Draft label and its menu (Delete Event, Edit Event), for the event's editors. */
function DraftMenu({ event, onDelete }: { event: CypherEvent; onDelete: () => void }) {
  const navigate = useNavigate()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip label="Draft" color="warning" size="small" />
      {event.permissions?.canEdit ? (
        <>
          <IconButton aria-label="Draft actions" aria-haspopup="menu" onClick={(click) => setAnchor(click.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem
              onClick={() => {
                setAnchor(null)
                onDelete()
              }}
            >
              Delete Event
            </MenuItem>
            <MenuItem onClick={() => navigate(paths.createEvent.getHref(event.id))}>Edit Event</MenuItem>
          </Menu>
        </>
      ) : null}
    </Stack>
  )
}

/** The display mode (carpets, logo, background) for editors: the wizard's step, saved as it changes. */
function DisplayModeDialog({ event, open, onClose }: { event: CypherEvent; open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<EventDraft>(() => eventUpdate(event))
  const [save] = useSaveEventMutation()
  const onDraft = (changes: Partial<EventDraft>) => {
    const next = { ...draft, ...changes }
    setDraft(next)
    save({ id: event.id, body: normaliseUpdate(next) })
  }
  return (
    <ModalDialog open={open} title="Display mode" onClose={onClose} actions={<Button variant="contained" onClick={onClose}>Done</Button>}>
      <DisplayModeStep event={event} draft={draft} onDraft={onDraft} />
      <CarpetBoards event={event} />
    </ModalDialog>
  )
}

/** A part of the page under its heading (h3), named by it. */
function EventSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** Battles: a chip per battle (title and category) opening its page, marked when I am registered. */
function BattlesSection({ battles }: { battles: EventBattleSummary[] }) {
  if (!battles.length) return null
  return (
    <EventSection id="event-battles" title="Battles">
      <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
        {battles.map((battle) => (
          <li key={battle.id}>
            <Chip
              component={RouterLink}
              to={paths.battle.getHref(battle.id)}
              clickable
              variant="outlined"
              avatar={battle.orgChip?.image ? <Avatar alt="" src={imageUrl(battle.orgChip.image, 48, 'org')} /> : undefined}
              sx={{ height: 'auto', minHeight: 40, py: 0.5, '& .MuiChip-label': { display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'normal' } }}
              label={
                <>
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {battle.title || 'Untitled battle'}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {battleCategory(battle.crewSize)}
                  </Box>
                  {battle.isRegistered ? <CheckCircleIcon color="success" fontSize="small" titleAccess="Registered" data-testid="battle-registered" /> : null}
                </>
              }
            />
          </li>
        ))}
      </Stack>
    </EventSection>
  )
}

function StaffSection({ event }: { event: CypherEvent }) {
  const { organizer, admins, hosts, djs } = event.staff ?? { organizer: null, admins: [], hosts: [], djs: [] }
  const groups = [
    { label: 'Organizer', users: organizer ? [organizer] : [] },
    { label: 'Admins', users: admins },
    { label: 'Host', users: hosts },
    { label: 'Djs', users: djs },
  ].filter((group) => group.users.length)
  if (!groups.length) return null
  return (
    <EventSection id="event-staff" title="Staff">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {groups.map((group) => (
          <Box key={group.label}>
            <Typography sx={{ fontWeight: 700 }}>{group.label}</Typography>
            <RoleUsers users={group.users} label={group.label} empty="" />
          </Box>
        ))}
      </Box>
    </EventSection>
  )
}

/**
 * /event/{id} (tab=info): the event's page. A missing event (or a draft for others) is the 404 page.
 * `mediaPanel` is the event's clips, given by the app from the media screens (a feature never imports another).
 */
export function EventPage({ id, mediaPanel }: { id: number; mediaPanel?: (event: CypherEvent) => ReactNode }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  const navigate = useNavigate()
  const location = useLocation()
  const valid = Number.isInteger(id) && id > 0
  // while its editor deletes it the page stops following the draft (nothing may read it again on the way
  // out: a 404) and keeps showing the last copy read
  const [leavingWith, setLeavingWith] = useState<CypherEvent | null>(null)
  const { data, error, isFetching, refetch } = useGetEventQuery(id, { skip: !valid || leavingWith !== null })
  const event = leavingWith ?? data
  const [remove, { isLoading: removing }] = useDeleteEventMutation()
  const [infoOpen, setInfoOpen] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [displayMode, setDisplayMode] = useState(false)
  // just published: the wizard said so in the navigation's state
  const helpOpen = Boolean((location.state as { published?: boolean } | null)?.published)
  useDocumentTitle(event?.title || 'Event')
  // tab is info (the default) or feedback (its screen comes with feedback); any other value is not accepted
  const [params] = useSearchParams()
  const tab = params.get('tab')
  const shownTab: EventTab = tab === 'feedback' ? 'feedback' : 'info'
  const toTab = (next: EventTab) => navigate(paths.event.getHref(id, next))
  useEffect(() => {
    if (valid && tab !== null && tab !== 'info' && tab !== 'feedback') navigate(paths.event.getHref(id), { replace: true, state: location.state })
  }, [tab, valid, id, navigate, location.state])
  // other editors' changes refresh the page; with the Display mode open, the battles' changes too (the boards'
  // choices follow the brackets), on the same feed: a browser opens few connections to one site at a time
  const displayTopics = displayMode && event?.permissions?.canEdit ? boardTopics(event) : []
  useLiveTopics(valid ? [`event:${id}`, ...displayTopics] : [])

  const missing = !valid || isNotFound(error) || event === null
  useNotFound(missing)
  if (missing) return null
  if (error && !event) return <ErrorState onRetry={refetch} retrying={isFetching} />
  if (!event) return <PageLoader label="Loading event" />

  const canEdit = Boolean(event.permissions?.canEdit)
  const withTabs = showsFeedbackTabs(event)
  const url = `${window.location.origin}${paths.event.getHref(event.id)}`
  const share = shareLinks(url, event.title)
  const background = imageUrl(event.image, 1000, 'event')

  const deleteEvent = async () => {
    setLeavingWith(event)
    try {
      await remove(event.id).unwrap()
      navigate(paths.events.getHref(), { replace: true })
    } catch {
      setLeavingWith(null)
      setDeleting(false)
    }
  }

  const sidebar = (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, wordBreak: 'break-word' }}>
        {event.title || 'Untitled'}
      </Typography>
      {canDelete(event) ? <DraftMenu event={event} onDelete={() => setDeleting(true)} /> : null}
      {event.cancelledAt ? (
        <Box>
          <Chip label={CANCEL_TEXTS.label} color="error" icon={<EventBusyIcon />} data-testid="cancelled-label" />
        </Box>
      ) : null}
      {event.org ? <Typography sx={{ color: 'text.secondary' }}>{event.org.name}</Typography> : null}
      {narrow ? (
        <>
          <Button variant="outlined" onClick={() => setInfoOpen(!infoOpen)} endIcon={infoOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={infoOpen} aria-controls="event-info-block">
            {infoOpen ? 'Hide event info' : 'Show event info'}
          </Button>
          <Collapse in={infoOpen} id="event-info-block">
            <EventFacts event={event} />
          </Collapse>
        </>
      ) : (
        <EventFacts event={event} />
      )}
      <TicketActions event={event} />
      {/* the Feedback tab has its own question and like toggle */}
      {shownTab === 'info' ? <FeedbackBlock event={event} onFeedbackTab={() => toTab('feedback')} /> : null}
      {canEdit ? (
        <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={1}>
          <Button variant="contained" startIcon={<EditIcon />} href={paths.createEvent.getHref(event.id)} sx={{ minHeight: 44 }}>
            Edit event
          </Button>
          <Button variant="outlined" startIcon={<TvIcon />} onClick={() => setDisplayMode(true)} sx={{ minHeight: 44 }}>
            Display mode
          </Button>
          <Button variant="outlined" startIcon={<HowToRegIcon />} href={paths.checkin.getHref(event.id)} sx={{ minHeight: 44 }}>
            Tickets and check-ins
          </Button>
          {canCancel(event) ? (
            <Button variant="outlined" color="error" startIcon={<EventBusyIcon />} onClick={() => setCancelling(true)} sx={{ minHeight: 44 }}>
              {CANCEL_TEXTS.action}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  )

  return (
    <Box>
      <Box
        role="img"
        aria-label={event.image ? `${event.title} image` : undefined}
        aria-hidden={event.image ? undefined : true}
        data-testid="event-background"
        sx={{
          height: { xs: 180, sm: 260, md: 340 },
          bgcolor: 'grey.900',
          backgroundImage: background ? `url("${background}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, mt: { xs: -4, md: -10 }, pb: 6, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 340px' }, gap: 3, alignItems: 'start' }}>
        <Paper component="aside" aria-label="Event info" elevation={2} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, order: { xs: 0, md: 1 }, position: { md: 'sticky' }, top: { md: 88 } }}>
          {sidebar}
        </Paper>
        <Paper elevation={0} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, border: '1px solid', borderColor: 'divider', order: { xs: 1, md: 0 }, mt: { md: 10 } }}>
          {withTabs ? <EventTabs event={event} tab={shownTab} onTab={toTab} /> : null}
          {shownTab === 'feedback' ? (
            <Box id="event-panel" role="tabpanel" aria-labelledby="event-tab-feedback">
              <FeedbackTab event={event} onInfo={() => toTab('info')} />
            </Box>
          ) : (
            <Stack spacing={4} id="event-panel" role={withTabs ? 'tabpanel' : undefined} aria-labelledby={withTabs ? 'event-tab-info' : undefined}>
              <BattlesSection battles={event.battles ?? []} />
              {event.description ? (
                <EventSection id="event-description" title="Description">
                  <SafeHtml html={event.description} sx={{ overflowWrap: 'anywhere' }} />
                </EventSection>
              ) : null}
              {/* a draft's clips are its editors' only (the server answers 404 to others; they never see a draft) */}
              {mediaPanel && (event.status !== 'draft' || canEdit) ? mediaPanel(event) : null}
              <WhosGoing event={event} />
              <StaffSection event={event} />
              <EventSection id="event-share" title="Share">
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button variant="outlined" startIcon={<FacebookIcon />} href={share.facebook} target="_blank" rel="noopener noreferrer">
                    Facebook
                  </Button>
                  <Button variant="outlined" startIcon={<XIcon />} href={share.twitter} target="_blank" rel="noopener noreferrer">
                    Twitter
                  </Button>
                  {event.dateStart && event.dateEnd ? (
                    // The server writes the .ics in the venue's time zone; a plain link downloads it.
                    <Button variant="outlined" startIcon={<EventIcon />} href={`/api/events/${event.id}/calendar.ics`} download>
                      Add to calendar
                    </Button>
                  ) : null}
                </Stack>
              </EventSection>
            </Stack>
          )}
        </Paper>
      </Box>
      <ConfirmDialog open={deleting} title={deleteQuestion(event.title)} confirmLabel="Delete Event" destructive busy={removing} onConfirm={deleteEvent} onClose={() => setDeleting(false)} />
      {canEdit ? <CancelEventDialog event={cancelling ? event : null} onClose={() => setCancelling(false)} /> : null}
      {canEdit && displayMode ? <DisplayModeDialog event={event} open={displayMode} onClose={() => setDisplayMode(false)} /> : null}
      <ModalDialog
        open={helpOpen}
        title={TEXTS.emailedHelp}
        // closing forgets the state, so going back and forth does not open it again
        onClose={() => navigate(location.pathname + location.search, { replace: true, state: null })}
      >
        <Typography sx={{ mb: 1 }}>Your event is live. Check your inbox: we sent you two things to help on the day.</Typography>
        <Typography component="ul" sx={{ pl: 3, m: 0 }}>
          <li>A QR code of this event's page: print it or show it at the door, so dancers open the event and check in.</li>
          <li>A How To Guide: how to run your event on Cypher, from tickets to battles and the display mode.</li>
        </Typography>
      </ModalDialog>
    </Box>
  )
}
