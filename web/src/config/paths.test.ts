import { describe, expect, it } from 'vitest'
import { paths, safeRedirect } from './paths'

describe('paths', () => {
  it('builds the links of the route table', () => {
    expect(paths.signup.getHref({ incomplete: true, redirect: '/members' })).toBe('/signup?incomplete=true&redirect=%2Fmembers')
    expect(paths.profileSetting.getHref('SettingsOtherProfiles')).toBe('/profile-setting?tabName=SettingsOtherProfiles')
    expect(paths.login.getHref()).toBe('/login')
    expect(paths.createEvent.getHref()).toBe('/create-event')
    expect(paths.createEvent.getHref(42)).toBe('/create-event/42')
    expect(paths.event.getHref(42)).toBe('/event/42')
    expect(paths.event.getHref(42, 'feedback')).toBe('/event/42?tab=feedback')
    expect(paths.checkin.getHref(42)).toBe('/event/42/checkin')
  })
  it('honours a redirect unless it is the sign-up or login page, or leaves the site', () => {
    expect(safeRedirect('/members?x=1')).toBe('/members?x=1')
    expect(safeRedirect('/signup?incomplete=true')).toBe('/')
    expect(safeRedirect('/login')).toBe('/')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
  })
})
