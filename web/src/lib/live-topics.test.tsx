import { render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { makeStore } from '@/app/store'
import { useGetOrganizationQuery } from '@/features/organizations/api/organizations-api'
import { NotificationsBell } from '@/features/notifications'
import { useGetUnreadCountQuery } from '@/features/notifications/api/notifications-api'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { screen } from '@testing-library/react'
import { useGetUserQuery } from '@/lib/api/users'
import { buildOrg, buildUser, jsonResponse } from '@/testing/builders'
import { liveStreamResponse, type LiveStream } from '@/testing/live-gateway'
import { signedInState } from '@/testing/render'
import { envelopeTags, topicTag, useLiveTopics, type LiveTopicsOptions } from './live-topics'

/** The gateway stood in for at fetch (its live streams, testing/live-gateway.ts), counting the reads the hook causes. */
function fakeGateway() {
  const streams: LiveStream[] = []
  const reads: Record<string, number> = {}
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const url = new URL(request.url)
      if (url.pathname === '/api/live') return liveStreamResponse(request, init, streams)
      reads[url.pathname] = (reads[url.pathname] ?? 0) + 1
      if (url.pathname.startsWith('/api/orgs/')) return jsonResponse(buildOrg({ id: Number(url.pathname.split('/').pop()) }))
      if (url.pathname === '/api/notifications/count') return jsonResponse({ count: reads[url.pathname] })
      return jsonResponse(buildUser({ id: Number(url.pathname.split('/').pop()) }))
    }),
  )
  return { streams, reads }
}

const envelope = (id: string, type: string, topics: string[]) =>
  `id: ${id}\nevent: message\ndata: ${JSON.stringify({ id, type, topics, data: {} })}\n\n`
const READY = 'retry: 10\nid: ORGS:1\nevent: ready\ndata: {}\n\n'

function Screen({ topics, options }: { topics: string[]; options?: LiveTopicsOptions }) {
  useGetOrganizationQuery(12)
  useGetOrganizationQuery(13)
  useGetUserQuery(5)
  useGetUnreadCountQuery()
  useLiveTopics(topics, { delayMs: 0, ...options })
  return null
}

function mount(topics: string[], options?: LiveTopicsOptions) {
  const store = makeStore(signedInState('token-7'))
  return render(
    <AppProvider store={store}>
      <Screen topics={topics} options={options} />
    </AppProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('topic tags', () => {
  it('names the cached aggregate of a topic', () => {
    expect(topicTag('org:12')).toEqual({ type: 'Organization', id: 12 })
    expect(topicTag('user:5')).toEqual({ type: 'User', id: 5 })
    expect(topicTag('nonsense:1')).toBeNull()
    expect(topicTag('org')).toBeNull()
  })
  it('lets a feature declare the tags of an event type, the topics otherwise', () => {
    const options = { byType: { 'identity.notification.created': () => ['Notifications'] } }
    const env = (type: string) => ({ id: '1', type, topics: ['user:5'], data: {} })
    expect(envelopeTags(env('identity.notification.created'), options)).toEqual(['Notifications'])
    expect(envelopeTags(env('identity.profile.updated'), options)).toEqual([{ type: 'User', id: 5 }])
  })
})

describe('useLiveTopics', () => {
  it('subscribes with the token, and re-reads the topics once ready (nothing before it is lost)', async () => {
    const { streams, reads } = fakeGateway()
    mount(['org:12'])
    await waitFor(() => expect(streams).toHaveLength(1))
    expect(streams[0].url.searchParams.get('topics')).toBe('org:12')
    expect(streams[0].headers.get('X-Auth-Token')).toBe('token-7')
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(1))
    streams[0].send(READY)
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(2))
    expect(reads['/api/orgs/13']).toBe(1)
    expect(reads['/api/user/5']).toBe(1)
  })

  it('re-reads what an event concerns, and only that', async () => {
    const { streams, reads } = fakeGateway()
    mount(['org:12', 'user:5'])
    await waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(READY)
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(2))
    streams[0].send(envelope('ORGS:2', 'orgs.org.updated', ['org:12']))
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(3))
    streams[0].send(envelope('IDENTITY:3', 'identity.profile.updated', ['user:5']))
    await waitFor(() => expect(reads['/api/user/5']).toBe(3))
    expect(reads['/api/orgs/13']).toBe(1)
    expect(reads['/api/notifications/count']).toBe(1)
  })

  it('invalidates the tags a feature declares for an event type', async () => {
    const { streams, reads } = fakeGateway()
    mount(['user:5'], { byType: { 'identity.notification.created': () => ['Notifications'] }, onReady: ['Notifications'] })
    await waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(READY)
    await waitFor(() => expect(reads['/api/notifications/count']).toBe(2))
    expect(reads['/api/user/5']).toBe(1)
    streams[0].send(envelope('IDENTITY:4', 'identity.notification.created', ['user:5']))
    await waitFor(() => expect(reads['/api/notifications/count']).toBe(3))
    expect(reads['/api/user/5']).toBe(1)
  })

  it('reconnects with Last-Event-ID after the stream ends, and re-reads once ready again', async () => {
    const { streams, reads } = fakeGateway()
    mount(['org:12'])
    await waitFor(() => expect(streams).toHaveLength(1))
    streams[0].send(READY)
    streams[0].send(envelope('ORGS:2', 'orgs.org.updated', ['org:12']))
    await waitFor(() => expect(reads['/api/orgs/12']).toBeGreaterThanOrEqual(2))
    streams[0].end()
    await waitFor(() => expect(streams).toHaveLength(2))
    expect(streams[1].headers.get('Last-Event-ID')).toBe('ORGS:2')
    const before = reads['/api/orgs/12']
    streams[1].send('event: ready\ndata: {}\n\n')
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(before + 1))
  })

  it('closes the stream when the screen goes, and opens none without topics', async () => {
    const { streams } = fakeGateway()
    const { unmount } = mount(['org:12'])
    await waitFor(() => expect(streams).toHaveLength(1))
    unmount()
    expect(streams[0].signal.aborted).toBe(true)
    mount([])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(streams).toHaveLength(1)
  })
})

describe('useLiveTopics on the shared feed', () => {
  it('follows the union of the screens on one stream, re-reading what each follows', async () => {
    const { streams, reads } = fakeGateway()
    const store = makeStore(signedInState('token-7'))
    render(
      <AppProvider store={store}>
        <Screen topics={['org:12']} />
        <Screen topics={['org:13', 'user:5']} options={{ onReady: [] }} />
      </AppProvider>,
    )
    await waitFor(() => expect(streams).toHaveLength(1))
    expect(streams[0].topics).toEqual(['org:12', 'org:13', 'user:5'])
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(1))
    streams[0].send(READY)
    await waitFor(() => expect(reads['/api/orgs/12']).toBe(2))
    streams[0].send(envelope('ORGS:2', 'orgs.org.updated', ['org:13']))
    await waitFor(() => expect(reads['/api/orgs/13']).toBe(2))
    expect(reads['/api/orgs/12']).toBe(2)
    expect(reads['/api/user/5']).toBe(1)
    expect(streams).toHaveLength(1)
  })
})

describe('the notifications bell', () => {
  it('follows its profile live: a new notification re-reads the unread count', async () => {
    const { streams } = fakeGateway()
    const store = makeStore(signedInState('token-7'))
    const router = createMemoryRouter([{ path: '*', element: <NotificationsBell profileId={5} /> }])
    render(
      <AppProvider store={store}>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    await waitFor(() => expect(streams).toHaveLength(1), { timeout: 4000 })
    expect(streams[0].url.searchParams.get('topics')).toBe('user:5')
    streams[0].send(READY)
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    streams[0].send(envelope('IDENTITY:9', 'identity.notification.created', ['user:5']))
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument()
  })
})
