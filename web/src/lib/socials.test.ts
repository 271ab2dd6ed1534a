import { describe, expect, it } from 'vitest'
import { socialHref, socialInput, socialInputs, socialErrors, socialLink, socialsToSave, socialToSave, type SocialKind } from './socials'

const saved = (kind: SocialKind, value: string | null) => {
  const check = socialLink(kind, value)
  return check.ok ? check.link : `refused: ${check.error}`
}

// The cases of services/kit/tests/test_text.py (TestSocialLink), so both copies answer alike.
describe('socialLink: the server rule', () => {
  it.each<[SocialKind, string | null, string]>([
    ['facebook', 'floorlords', 'https://facebook.com/floorlords'],
    ['facebook', '@floorlords', 'https://facebook.com/floorlords'],
    ['facebook', '/floorlords/', 'https://facebook.com/floorlords'],
    ['facebook', 'https://facebook.com/floorlords', 'https://facebook.com/floorlords'],
    ['facebook', 'http://www.facebook.com/floorlords/', 'https://facebook.com/floorlords'],
    ['facebook', 'm.facebook.com/floorlords', 'https://facebook.com/floorlords'],
    ['facebook', 'facebook.com/floorlords', 'https://facebook.com/floorlords'],
    ['facebook', 'profile.php?id=100', 'https://facebook.com/profile.php?id=100'],
    ['facebook', 'https://www.facebook.com/profile.php?id=100', 'https://facebook.com/profile.php?id=100'],
    ['facebook', 'fb.com/floorlords', 'https://facebook.com/floorlords'],
    ['instagram', '@bgirl.ami', 'https://instagram.com/bgirl.ami'],
    ['instagram', 'bgirl.ami', 'https://instagram.com/bgirl.ami'],
    ['instagram', 'https://www.instagram.com/bgirl.ami/', 'https://instagram.com/bgirl.ami'],
    ['instagram', 'http://instagram.com/bgirl.ami', 'https://instagram.com/bgirl.ami'],
    ['twitter', '@floorlords', 'https://twitter.com/floorlords'],
    ['twitter', 'https://x.com/floorlords', 'https://twitter.com/floorlords'],
    ['twitter', 'mobile.twitter.com/floorlords', 'https://twitter.com/floorlords'],
    ['youtube', 'UC4R8DWoMoI7CAwX8_LjQHig', 'https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig'],
    ['youtube', 'https://www.youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig', 'https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig'],
    ['youtube', '@redbullbcone', 'https://youtube.com/@redbullbcone'],
    ['youtube', 'https://www.youtube.com/@redbullbcone', 'https://youtube.com/@redbullbcone'],
    ['facebook', '', ''],
    ['instagram', null, ''],
    ['twitter', '   ', ''],
  ])('a handle gets the site prefix and a link on the site is kept: %s %s', (kind, value, expected) => {
    expect(saved(kind, value)).toBe(expected)
  })

  it.each<[string | null, string]>([
    ['floorlords.example', 'https://floorlords.example'],
    ['http://floorlords.example/about', 'http://floorlords.example/about'],
    ['HTTPS://floorlords.example/a', 'HTTPS://floorlords.example/a'],
    ['floorlords.example:8443/x', 'https://floorlords.example:8443/x'],
    ['', ''],
    [null, ''],
  ])('a website gets https:// without a scheme: %s', (value, expected) => {
    expect(saved('website', value)).toBe(expected)
  })

  it.each<[SocialKind, string]>([
    ['facebook', '@floorlords'],
    ['facebook', 'http://m.facebook.com/profile.php?id=100'],
    ['instagram', 'bgirl.ami'],
    ['twitter', 'x.com/floorlords'],
    ['youtube', 'UC4R8DWoMoI7CAwX8_LjQHig'],
    ['youtube', '@redbullbcone'],
    ['website', 'floorlords.example'],
    ['website', 'http://floorlords.example/about'],
  ])('a saved value comes back unchanged: %s %s', (kind, typed) => {
    const once = saved(kind, typed)
    expect(saved(kind, once)).toBe(once)
  })

  it.each<[SocialKind, string, string]>([
    ['instagram', 'https://evil.example/floorlords', 'Enter an Instagram name or an instagram.com link'],
    ['facebook', 'evil.example/floorlords', 'Enter a Facebook name or a facebook.com link'],
    ['facebook', 'https://facebook.com.evil.example/x', 'Enter a Facebook name or a facebook.com link'],
    ['twitter', 'javascript://twitter.com/%0aalert(1)', 'Enter a Twitter name or a twitter.com link'],
    ['youtube', 'ftp://youtube.com/x', 'Enter a YouTube channel name or a youtube.com link'],
    ['facebook', 'floor lords', 'Enter a Facebook name or a facebook.com link'],
    ['facebook', 'https://facebook.com/', 'Enter a Facebook name or a facebook.com link'],
    ['facebook', 'x'.repeat(301), 'Enter a Facebook name or a facebook.com link'],
    ['instagram', '@', 'Enter an Instagram name or an instagram.com link'],
    ['youtube', '@', 'Enter a YouTube channel name or a youtube.com link'],
    ['website', 'javascript:alert(1)', 'Enter a website address'],
    ['website', 'JavaScript:alert(1)', 'Enter a website address'],
    ['website', 'data:text/html,hi', 'Enter a website address'],
    ['website', 'ftp://floorlords.example', 'Enter a website address'],
    ['website', 'not a site', 'Enter a website address'],
    ['website', 'localhost', 'Enter a website address'],
  ])('refuses other sites and schemes, naming the field: %s %s', (kind, value, message) => {
    expect(socialLink(kind, value)).toEqual({ ok: false, error: message })
  })

  it('counts characters as the server does, and reads its spaces', () => {
    expect(saved('facebook', 'ñ'.repeat(279))).toBe(`https://facebook.com/${'ñ'.repeat(279)}`)
    expect(saved('facebook', 'ñ'.repeat(280))).toBe('refused: Enter a Facebook name or a facebook.com link')
    expect(saved('facebook', '😀')).toBe('refused: Enter a Facebook name or a facebook.com link')
    expect(saved('facebook', 'floor\u2003lords')).toBe('refused: Enter a Facebook name or a facebook.com link')
    expect(saved('facebook', '\u3000floorlords\x1f')).toBe('https://facebook.com/floorlords')
  })
})

describe('what an input shows and what a save sends', () => {
  it('shows only the handle part after the fixed prefix', () => {
    expect(socialInputs({
      facebook: 'https://facebook.com/profile.php?id=100',
      instagram: 'https://instagram.com/bgirl.ami',
      twitter: '',
      youtube: 'https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig',
      website: 'https://floorlords.example/about',
    })).toEqual({ facebook: 'profile.php?id=100', instagram: 'bgirl.ami', twitter: '', youtube: 'UC4R8DWoMoI7CAwX8_LjQHig', website: 'floorlords.example/about' })
    expect(socialInputs(undefined)).toEqual({ facebook: '', instagram: '', twitter: '', youtube: '', website: '' })
  })

  it.each<[SocialKind, string, string]>([
    // a YouTube @handle stays an @handle
    ['youtube', 'https://youtube.com/@ana', '@ana'],
    // a link an older rule kept as typed shows its handle, as the server would save it
    ['facebook', 'www.facebook.com/ana', 'ana'],
    ['twitter', 'https://x.com/ana', 'ana'],
    ['youtube', 'http://www.youtube.com/@ana', '@ana'],
    // a link whose path would not save back as a handle shows whole
    ['youtube', 'https://youtube.com/c/floorlords', 'https://youtube.com/c/floorlords'],
    ['facebook', 'https://facebook.com/instagram.com/ana', 'https://facebook.com/instagram.com/ana'],
    ['website', 'http://floorlords.example', 'http://floorlords.example'],
    // a value the rule refuses shows as stored
    ['website', 'https://javascript:alert(1)', 'https://javascript:alert(1)'],
    ['facebook', `https://facebook.com/${'x'.repeat(300)}`, `https://facebook.com/${'x'.repeat(300)}`],
  ])('shows %s %s as %s', (kind, stored, shown) => {
    expect(socialInput(kind, stored)).toBe(shown)
  })

  it('saves a YouTube @handle as the same link', () => {
    expect(socialToSave('youtube', '@ana')).toBe('https://youtube.com/@ana')
  })

  it('sends what the server keeps, and as typed what it would refuse', () => {
    expect(socialsToSave({ facebook: '@floorlords', instagram: 'instagram.com/ana', twitter: ' ', youtube: 'UC4R8DWoMoI7CAwX8_LjQHig', website: 'http://floorlords.example' })).toEqual({
      facebook: 'https://facebook.com/floorlords',
      instagram: 'https://instagram.com/ana',
      twitter: '',
      youtube: 'https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig',
      website: 'http://floorlords.example',
    })
    expect(socialToSave('facebook', 'instagram.com/ana')).toBe('instagram.com/ana')
    expect(socialToSave('website', 'javascript:alert(1)')).toBe('javascript:alert(1)')
  })

  it.each<[SocialKind, string]>([
    ['facebook', 'https://facebook.com/floorlords'],
    ['facebook', 'https://facebook.com/profile.php?id=100'],
    ['facebook', 'https://facebook.com/floor.lords/about'],
    ['instagram', 'https://instagram.com/bgirl.ami'],
    ['instagram', 'https://instagram.com/https://evil.example/x'],
    ['twitter', 'https://twitter.com/floorlords'],
    ['youtube', 'https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig'],
    ['youtube', 'https://youtube.com/@redbullbcone'],
    ['youtube', 'https://youtube.com/c/floorlords'],
    ['website', 'https://floorlords.example'],
    ['website', 'http://floorlords.example/about'],
    ['website', 'HTTPS://floorlords.example/a'],
    ['website', 'https://floorlords.example:8443/x'],
  ])('what the input shows saves back to the stored link: %s %s', (kind, stored) => {
    expect(socialToSave(kind, socialInput(kind, stored))).toBe(stored)
  })

  it('shows a refusal on the input it names', () => {
    expect(socialErrors({ field: 'socials.youtube', message: 'Enter a YouTube channel name or a youtube.com link' })).toEqual({
      youtube: 'Enter a YouTube channel name or a youtube.com link',
    })
    expect(socialErrors({ field: 'socials.email', message: 'socials.email: too long' })).toEqual({})
    expect(socialErrors({ field: 'name', message: 'Name is required' })).toEqual({})
    expect(socialErrors({ message: 'Something went wrong, please try again later' })).toEqual({})
  })
})

describe('the link an icon opens', () => {
  it.each<[SocialKind, string, string]>([
    // what the server saves for the stored value
    ['instagram', 'https://instagram.com/ana', 'https://instagram.com/ana'],
    ['facebook', 'www.facebook.com/ana', 'https://facebook.com/ana'],
    ['youtube', 'https://youtube.com/@ana', 'https://youtube.com/@ana'],
    ['website', 'http://floorlords.example', 'http://floorlords.example'],
    ['twitter', '', ''],
    // a value the rule refuses opens as stored, never as a script
    ['website', 'https://javascript:alert(1)', 'https://javascript:alert(1)'],
    ['website', 'javascript:alert(1)', 'https://javascript:alert(1)'],
  ])('opens %s %s as %s', (kind, stored, href) => {
    expect(socialHref(kind, stored)).toBe(href)
  })
})

describe('every saved link saves again (the server refuses what is no handle)', () => {
  it.each(['@/x', '?x', 'ana#top', 'a//b', '/', 'ana?'])('refuses %s', (typed) => {
    expect(socialLink('facebook', typed)).toEqual({ ok: false, error: 'Enter a Facebook name or a facebook.com link' })
  })

  it('keeps a numeric profile link and refuses a handle whose link would be too long', () => {
    expect(socialLink('facebook', 'profile.php?id=100')).toEqual({ ok: true, link: 'https://facebook.com/profile.php?id=100' })
    const longest = 'a'.repeat(300 - 'https://facebook.com/'.length)
    expect(socialLink('facebook', longest)).toEqual({ ok: true, link: `https://facebook.com/${longest}` })
    expect(socialLink('facebook', `${longest}a`).ok).toBe(false)
  })
})
