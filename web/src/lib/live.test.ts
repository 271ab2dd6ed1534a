import { describe, expect, it } from 'vitest'
import { createSseParser, type SseMessage } from './live'

describe('the live feed parser', () => {
  it('reads messages split across chunks, with ids and event names', () => {
    const messages: SseMessage[] = []
    const retries: number[] = []
    const feed = createSseParser((message) => messages.push(message), (ms) => retries.push(ms))
    feed('retry: 2000\n')
    feed('id: IDENTITY:3\nevent: ready\ndata: {}\n\n: ping\n\n')
    feed('id: IDENTITY:4\nevent: message\ndata: {"type":"identity.noti')
    feed('fication.created"}\n\n')
    expect(retries).toEqual([2000])
    expect(messages).toEqual([
      { id: 'IDENTITY:3', event: 'ready', data: '{}' },
      { id: 'IDENTITY:4', event: 'message', data: '{"type":"identity.notification.created"}' },
    ])
  })
  it('joins multi-line data and handles CRLF', () => {
    const messages: SseMessage[] = []
    const feed = createSseParser((message) => messages.push(message))
    feed('data: a\r\ndata: b\r\n\r\n')
    expect(messages).toEqual([{ id: undefined, event: 'message', data: 'a\nb' }])
  })
})
