import { describe, expect, it } from 'vitest'
import { EMPTY_VALUES, STEPS, stepErrors, toProfileDetails } from './rules'

describe('onboarding', () => {
  it('has six steps in order', () => {
    expect(STEPS).toEqual(['fullName', 'dancerName', 'birthday', 'location', 'avatar', 'card'])
  })
  it('requires first and last name, and the dancer name, with an empty message', () => {
    expect(stepErrors('fullName', { ...EMPTY_VALUES, firstName: 'Ana' })).toEqual({ lastName: '' })
    expect(stepErrors('dancerName', EMPTY_VALUES)).toEqual({ dancerName: '' })
  })
  it('checks the birthday', () => {
    expect(stepErrors('birthday', { ...EMPTY_VALUES, birthday: '10/18' })).toEqual({ birthday: 'Date format mm/dd/yyyy' })
    expect(stepErrors('birthday', { ...EMPTY_VALUES, birthday: '10/18/1993' })).toEqual({})
  })
  it('requires the city, and the state only for Australia, Canada and the United States', () => {
    expect(stepErrors('location', { ...EMPTY_VALUES, country: 'France', city: 'Paris' })).toEqual({})
    expect(stepErrors('location', { ...EMPTY_VALUES, country: 'Canada', city: 'Montreal' })).toEqual({ state: '' })
    expect(stepErrors('location', { ...EMPTY_VALUES, country: 'France' })).toEqual({ city: '' })
  })
  it('sends the full name joined by a space and no state outside the three countries', () => {
    const details = toProfileDetails({ ...EMPTY_VALUES, firstName: ' Ana ', lastName: 'Rocks', dancerName: 'Ana', country: 'France', city: 'Paris', state: 'x' })
    expect(details).toMatchObject({ fullName: 'Ana Rocks', state: null, city: 'Paris' })
  })
})
