import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildFeedback, buildFinishedEvent, buildLiveEvent } from '@/testing/attendance-builders'
import { jsonResponse, type EventOverrides } from '@/testing/builders'
import { showEventPage } from '@/testing/event-page'

afterEach(() => vi.unstubAllGlobals())

/** An attendee of a finished event who checked in and may leave feedback. */
const attended = (overrides: EventOverrides = {}) =>
  buildFinishedEvent({ canLeaveFeedback: true, permissions: { canEdit: false, canLeaveFeedback: true, canLike: true, checkedIn: true }, ...overrides })

const editorEvent = (overrides: EventOverrides = {}) =>
  buildFinishedEvent({ canLeaveFeedback: false, canReviewFeedback: true, countFeedbacks: 2, countLikes: 9, permissions: { canEdit: true }, ...overrides })

describe('Event page, likes', () => {
  it("flips at once and counts one more: 'Leave a like' becomes 'You like it!'", async () => {
    let answer: (response: Response) => void = () => {}
    // the server's answer is held back, to see the flip before it
    const pending = new Promise<Response>((resolve) => (answer = resolve))
    const { calls, user } = showEventPage(buildLiveEvent(), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/like' ? (pending as unknown as Response) : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'Leave a like' }))
    expect(await screen.findByRole('button', { name: 'You like it!' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('likes-count')).toHaveTextContent('4 likes')
    answer(jsonResponse({ isLiked: true, countLikes: 10 }))
    await waitFor(() => expect(screen.getByTestId('likes-count')).toHaveTextContent('10 likes'))
    expect(calls.filter((call) => call.path === '/api/events/42/like')).toHaveLength(1)
  })

  it('puts the like and the count back when the server fails', async () => {
    const { store, user } = showEventPage(buildLiveEvent({ isLiked: true, countLikes: 3 }), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/like' ? jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503) : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'You like it!' }))
    await waitFor(() => expect(store.getState().toast.current?.text).toBe('Down'))
    // the toast comes with the failed answer, the flip is undone right after (a loaded machine showed the moment
    // between): waited for, not read at once
    expect(await screen.findByRole('button', { name: 'You like it!' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(screen.getByTestId('likes-count')).toHaveTextContent('3 likes'))
  })

  it('puts them back when the server answers nothing', async () => {
    const { user } = showEventPage(buildLiveEvent(), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/like' ? new Response(null, { status: 200 }) : undefined,
    )
    await user.click(await screen.findByRole('button', { name: 'Leave a like' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave a like' })).toHaveAttribute('aria-pressed', 'false'))
    expect(screen.getByTestId('likes-count')).toHaveTextContent('3 likes')
  })

  it('sends a guest to Signup with a redirect back', async () => {
    const { calls, router, user } = showEventPage(buildLiveEvent({ canLike: false }), undefined, { signedIn: false })
    await user.click(await screen.findByRole('button', { name: 'Leave a like' }))
    expect(router.state.location.pathname).toBe('/signup')
    expect(router.state.location.search).toBe('?redirect=%2Fevent%2F42')
    expect(calls.some((call) => call.path === '/api/events/42/like')).toBe(false)
  })

  it('shows only the count to a signed-in user who may not like', async () => {
    showEventPage(buildLiveEvent({ canLike: false, permissions: { canEdit: false, canLike: false } }))
    expect(await screen.findByTestId('likes-count')).toHaveTextContent('3 likes')
    expect(screen.queryByRole('button', { name: 'Leave a like' })).toBeNull()
  })
})

describe('Event page, feedback tabs', () => {
  it('shows Info and Feedback on a finished event to one who may leave feedback; the tab is the query', async () => {
    const { router, user } = showEventPage(attended())
    const tabs = await screen.findByRole('tablist', { name: 'Event sections' })
    expect(within(tabs).getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true')
    await user.click(within(tabs).getByRole('tab', { name: 'Feedback' }))
    expect(router.state.location.search).toBe('?tab=feedback')
    expect(await screen.findByRole('form', { name: 'Did you enjoy this event?' })).toBeInTheDocument()
    await user.click(within(tabs).getByRole('tab', { name: 'Info' }))
    expect(router.state.location.search).toBe('')
  })

  it('shows no tabs before the event ends, nor to a visitor who may not leave feedback', async () => {
    showEventPage(attended({ isFinished: false, period: 'now' }))
    await screen.findByRole('heading', { name: 'Winter Jam' })
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it('gives editors the number of reviews on the Feedback tab', async () => {
    showEventPage(editorEvent())
    expect(await screen.findByRole('tab', { name: 'Feedback (2)' })).toBeInTheDocument()
  })

  it("refuses the feedback tab to those without permission with the seed's words", async () => {
    showEventPage(buildFinishedEvent(), undefined, { route: '/event/42?tab=feedback' })
    expect(await screen.findByText("Sorry, you don't have permission to view feedback for this event.")).toBeInTheDocument()
  })
})

describe('Event page, the feedback block', () => {
  it("asks 'Did you enjoy this event?' with the like toggle and 'Provide feedback' leading to the form", async () => {
    const { router, user } = showEventPage(attended())
    const block = await screen.findByRole('region', { name: 'Did you enjoy this event?' })
    expect(within(block).getByRole('button', { name: 'Leave a like' })).toBeInTheDocument()
    await user.click(within(block).getByRole('button', { name: 'Provide feedback' }))
    expect(router.state.location.search).toBe('?tab=feedback')
    // the form asks the question itself: the block steps aside
    await screen.findByRole('form', { name: 'Did you enjoy this event?' })
    expect(screen.queryByRole('region', { name: 'Did you enjoy this event?' })).toBeNull()
  })

  it("sends a guest's 'Provide feedback' to Signup", async () => {
    const { router, user } = showEventPage(buildFinishedEvent({ canLike: false }), undefined, { signedIn: false })
    await user.click(await screen.findByRole('button', { name: 'Provide feedback' }))
    expect(router.state.location.pathname).toBe('/signup')
    expect(router.state.location.search).toBe('?redirect=%2Fevent%2F42')
  })

  it("reads 'Edit feedback' with the user's own average once given", async () => {
    showEventPage(attended({ feedback: buildFeedback({ averageRating: 4.3 }) }))
    expect(await screen.findByRole('button', { name: 'Edit feedback' })).toBeInTheDocument()
    expect(screen.getByText('Your rating: 4.3')).toBeInTheDocument()
  })

  it("gives the event's editors the likes and 'Review feedback'", async () => {
    const { router, user } = showEventPage(editorEvent(), ({ path }) => (path === '/api/events/42/feedback' ? jsonResponse({ feedbacks: [], countFeedbacks: 0, countLikes: 9, totalAverageRating: null, totalTimeliness: null, totalCommunication: null, totalVenue: null, totalVibe: null, totalMusicSound: null }) : undefined))
    const info = await screen.findByRole('complementary', { name: 'Event info' })
    expect(within(info).getByTestId('likes-count')).toHaveTextContent('9 likes')
    expect(within(info).queryByRole('button', { name: 'Leave a like' })).toBeNull()
    await user.click(within(info).getByRole('button', { name: 'Review feedback' }))
    expect(router.state.location.search).toBe('?tab=feedback')
  })
})

describe('Event page, the feedback form', () => {
  // a click on the star's radio (jsdom has no layout: the pointer's position over the stars means nothing there)
  const rate = async (_user: ReturnType<typeof userEvent.setup>, label: string, stars: string) => {
    const group = screen.getByRole('group', { name: label })
    fireEvent.click(within(group).getByRole('radio', { name: `${label} ${stars}` }))
  }

  it('refuses to send with a category unrated, highlights the unrated ones, and clears once all are rated', async () => {
    const { calls, user } = showEventPage(attended(), undefined, { route: '/event/42?tab=feedback' })
    const form = await screen.findByRole('form', { name: 'Did you enjoy this event?' })
    expect(within(form).getByText('Your feedback will be visible only to the organizer of the event.')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Leave a like' })).toBeInTheDocument()
    await rate(user, 'Timeliness', '4 Stars')
    await rate(user, 'Venue', '3.5 Stars')
    await user.click(within(form).getByRole('button', { name: 'Submit feedback' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please rate all categories before submitting your feedback')
    expect(screen.getByRole('group', { name: 'Timeliness' })).not.toHaveAttribute('aria-invalid')
    for (const label of ['Communication', 'Vibe', 'Music/Sound']) expect(screen.getByRole('group', { name: label })).toHaveAttribute('aria-invalid', 'true')
    await rate(user, 'Communication', '5 Stars')
    await rate(user, 'Vibe', '4.5 Stars')
    expect(within(form).getByRole('alert')).toBeInTheDocument()
    await rate(user, 'Music/Sound', '1 Star')
    expect(within(form).queryByRole('alert')).toBeNull()
    expect(calls.some((call) => call.path === '/api/events/42/feedback')).toBe(false)
  })

  it('sends the five ratings, their mean to 2 decimals and the trimmed details, then returns to the info tab', async () => {
    const event = attended()
    const { calls, router, user } = showEventPage(event, ({ method, path, body }) =>
      method === 'POST' && path === '/api/events/42/feedback' ? jsonResponse(buildFeedback({ ...(body as object), userId: 1 })) : undefined,
      { route: '/event/42?tab=feedback' },
    )
    const form = await screen.findByRole('form', { name: 'Did you enjoy this event?' })
    await rate(user, 'Timeliness', '4.5 Stars')
    await rate(user, 'Communication', '4 Stars')
    await rate(user, 'Venue', '4 Stars')
    await rate(user, 'Vibe', '4 Stars')
    await rate(user, 'Music/Sound', '4 Stars')
    await user.type(within(form).getByPlaceholderText('Add any additional comments...'), '  Loved the cypher  ')
    await user.click(within(form).getByRole('button', { name: 'Submit feedback' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(calls.find((call) => call.path === '/api/events/42/feedback')?.body).toEqual({
      timeliness: 4.5,
      communication: 4,
      venue: 4,
      vibe: 4,
      musicSound: 4,
      averageRating: 4.1,
      details: 'Loved the cypher',
    })
    expect(await screen.findByRole('button', { name: 'Edit feedback' })).toBeInTheDocument()
    expect(screen.getByText('Your rating: 4.1')).toBeInTheDocument()
  })

  it("edits one's feedback in place: 'Update feedback', the form filled in", async () => {
    const { calls, user } = showEventPage(attended({ feedback: buildFeedback({ details: 'Good' }) }), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/feedback' ? jsonResponse(buildFeedback()) : undefined,
      { route: '/event/42?tab=feedback' },
    )
    const form = await screen.findByRole('form', { name: 'Did you enjoy this event?' })
    expect(within(form).getByPlaceholderText('Add any additional comments...')).toHaveValue('Good')
    expect(within(screen.getByRole('group', { name: 'Venue' })).getByRole('radio', { name: 'Venue 4.5 Stars' })).toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Update feedback' }))
    await waitFor(() => expect(calls.some((call) => call.path === '/api/events/42/feedback')).toBe(true))
  })

  it('keeps the form when sending fails, without a toast (the failure is only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { router, store, user } = showEventPage(attended({ feedback: buildFeedback() }), ({ method, path }) =>
      method === 'POST' && path === '/api/events/42/feedback' ? jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503) : undefined,
      { route: '/event/42?tab=feedback' },
    )
    await user.click(await screen.findByRole('button', { name: 'Update feedback' }))
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(router.state.location.search).toBe('?tab=feedback')
    expect(screen.getByRole('form', { name: 'Did you enjoy this event?' })).toBeInTheDocument()
    expect(store.getState().toast.current).toBeNull()
  })

  it('goes back to the info tab on Cancel', async () => {
    const { router, user } = showEventPage(attended(), undefined, { route: '/event/42?tab=feedback' })
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(router.state.location.search).toBe('')
  })
})

describe('Event page, reviewing feedback', () => {
  const review = {
    feedbacks: [buildFeedback(), buildFeedback({ userId: 9, dancerName: 'B-girl Sun', isLiked: false, details: '', averageRating: 3 })],
    countFeedbacks: 2,
    countLikes: 9,
    totalAverageRating: 3.75,
    totalTimeliness: 4,
    totalCommunication: 3.5,
    totalVenue: 4,
    totalVibe: 3.5,
    totalMusicSound: 3.75,
  }

  it("shows the admin block (x/5, 'N reviews', the breakdown, the likes) and each feedback", async () => {
    const { user } = showEventPage(editorEvent(), ({ path }) => (path === '/api/events/42/feedback' ? jsonResponse(review) : undefined), { route: '/event/42?tab=feedback' })
    const summary = await screen.findByTestId('feedback-summary')
    expect(within(summary).getByTestId('overall-rating')).toHaveTextContent('3.75/5')
    expect(within(summary).getByText('2 reviews')).toBeInTheDocument()
    expect(within(summary).getByTestId('likes-count')).toHaveTextContent('9 likes')
    expect(within(summary).queryByRole('img', { name: 'Communication 3.5 out of 5' })).toBeNull()
    await user.click(within(summary).getByRole('button', { name: 'Show breakdown' }))
    expect(within(summary).getByRole('img', { name: 'Communication 3.5 out of 5' })).toBeInTheDocument()

    const item = screen.getByRole('article', { name: 'Feedback from B-boy Kid' })
    expect(within(item).getByText('07.03.2026')).toBeInTheDocument()
    expect(within(item).getByRole('img', { name: 'Average rating 4.5 out of 5' })).toBeInTheDocument()
    expect(within(item).getByText('Great floor')).toBeInTheDocument()
    expect(within(item).getByTitle('Likes this event')).toBeInTheDocument()
    expect(within(item).queryByRole('img', { name: 'Vibe 5 out of 5' })).toBeNull()
    await user.click(within(item).getByRole('button', { name: 'Show more' }))
    expect(within(item).getByRole('img', { name: 'Vibe 5 out of 5' })).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Show less' }))
    await waitFor(() => expect(within(item).queryByRole('img', { name: 'Vibe 5 out of 5' })).toBeNull())
    const other = screen.getByRole('article', { name: 'Feedback from B-girl Sun' })
    expect(within(other).queryByTitle('Likes this event')).toBeNull()
  })

  it("says the seed's refusal when the server refuses the review", async () => {
    showEventPage(editorEvent(), ({ path }) =>
      path === '/api/events/42/feedback' ? jsonResponse({ error: { code: 'forbidden', message: "Sorry, you don't have permission to view feedback for this event." } }, 403) : undefined,
      { route: '/event/42?tab=feedback' },
    )
    expect(await screen.findByRole('alert')).toHaveTextContent("Sorry, you don't have permission to view feedback for this event.")
  })
})
