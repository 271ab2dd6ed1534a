import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { selectToast, toastCleared, toastShown, toastText } from './toast'

describe('toasts', () => {
  it('success keys show their text word for word', () => {
    expect(toastText('changesSaved')).toMatchObject({ text: 'Changes has been saved', severity: 'success' })
    expect(toastText('ticketPurchased').text).toBe('Ticket has been purchased')
    expect(toastText('eventCreated').text).toBe('Event Created')
    expect(toastText('movedParticipant').text).toBe('Move successful')
    expect(toastText('bracketingIsReady').text).toBe('Ready for bracketing')
    expect(toastText('studioPublished').text).toBe('Studio has been published')
    expect(toastText('studioDeactivated').text).toBe('Studio has been deactivated')
  })
  it('emailReset names the address', () => {
    expect(toastText('emailReset', { email: 'ana@example.com' }).text).toBe(
      'Email has been sent to "ana@example.com" with password reset instructions',
    )
  })
  it('any other text is an error', () => {
    expect(toastText('Something went wrong')).toMatchObject({ severity: 'error', text: 'Something went wrong' })
  })
  it('one at a time: a new toast replaces the one showing', () => {
    const store = makeStore()
    store.dispatch(toastShown('changesSaved'))
    const first = selectToast(store.getState())
    store.dispatch(toastShown('Not allowed'))
    expect(selectToast(store.getState())?.text).toBe('Not allowed')
    store.dispatch(toastCleared(first?.id))
    expect(selectToast(store.getState())?.text).toBe('Not allowed')
    store.dispatch(toastCleared())
    expect(selectToast(store.getState())).toBeNull()
  })
})
