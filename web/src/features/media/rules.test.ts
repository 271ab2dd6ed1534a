import { describe, expect, it } from 'vitest'
import { answeredScope, clipTitle, mediaScope, mediaTagId, otherScopes, videoEmbedUrl, videoIdOf, videoThumbnailUrl } from './rules'

const ID = 'dQw4w9WgXcQ'

describe('videoIdOf: the media link rules of the server', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?v=${ID}&t=42s`],
    [`https://m.youtube.com/watch?feature=share&v=${ID}`],
    [`youtube.com/watch?v=${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube-nocookie.com/embed/${ID}?start=3`],
    [`https://youtube.com/shorts/${ID}`],
    [`https://www.youtube.com/live/${ID}`],
    [`https://www.youtube.com/v/${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?t=42`],
    [`youtu.be/${ID}`],
    [ID],
    [`  ${ID}  `],
  ])('finds the id in %s', (link) => {
    expect(videoIdOf(link)).toBe(ID)
  })

  it.each([
    [''],
    ['   '],
    ['dQw4w9WgXc'],
    ['dQw4w9WgXcQQ'],
    ['https://vimeo.com/123456'],
    [`https://example.com/watch?v=${ID}`],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch'],
    [`https://www.youtube.com/channel/${ID}`],
    [`https://www.youtube.com/playlist?list=${ID}`],
    [`javascript:alert(1)//youtu.be/${ID}`],
    [`ftp://youtu.be/${ID}`],
    ['https://youtu.be/'],
  ])('previews nothing for %s', (link) => {
    expect(videoIdOf(link)).toBeNull()
  })

  it('embeds with the privacy-enhanced player', () => {
    expect(videoEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`)
  })
})

describe('the lists a clip shows in', () => {
  it('keys an event list apart from its organization list', () => {
    expect(mediaScope({ o: 5, e: 42 })).toEqual({ e: 42 })
    expect(mediaTagId({ e: 42 })).toBe('e:42')
    expect(mediaTagId({ o: 5 })).toBe('o:5')
  })

  it("answers an event's clip with the event's list, and reads its organization's again", () => {
    const clip = { orgId: 5, eventId: 42 }
    expect(answeredScope(clip)).toEqual({ e: 42 })
    expect(otherScopes(clip, { e: 42 })).toEqual([{ o: 5 }])
    // deleted from the organization's Media tab: the answer is the event's list, the tab's own list is read again
    expect(otherScopes(clip, { o: 5 })).toEqual([{ e: 42 }])
  })

  it("answers an organization's clip with its list, and touches no other", () => {
    const clip = { orgId: 5, eventId: null }
    expect(answeredScope(clip)).toEqual({ o: 5 })
    expect(otherScopes(clip, { o: 5 })).toEqual([])
  })

  it('names a clip without a name Clip, and thumbnails it from YouTube', () => {
    expect(clipTitle({ name: '' })).toBe('Clip')
    expect(clipTitle({ name: 'Final' })).toBe('Final')
    expect(videoThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`)
  })
})
