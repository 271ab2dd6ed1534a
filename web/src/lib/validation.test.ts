import { describe, expect, it } from 'vitest'
import { applyMask } from './masks'
import {
  isEmail,
  MESSAGES,
  validateBirthday,
  validateLogin,
  validateNewPassword,
  validatePasswordChange,
  validateRelease,
  validateSignup,
} from './validation'

describe('login rules', () => {
  it('needs both fields', () => {
    expect(validateLogin('', 'secret')).toBe('All fields is required')
    expect(validateLogin('a@b.co', '')).toBe('All fields is required')
    expect(validateLogin('   ', 'secret')).toBe('All fields is required')
  })
  it('needs an ordinary address', () => {
    expect(validateLogin('not-an-email', 'secret')).toBe('Invalid e-mail')
    expect(validateLogin('a@b', 'secret')).toBe('Invalid e-mail')
    expect(validateLogin('ana@example.com', 'secret')).toBeNull()
  })
  it('trims the email when judging it', () => {
    expect(isEmail('  ana@example.com ')).toBe(true)
    expect(isEmail('ana @example.com')).toBe(false)
  })
})

describe('sign-up rules', () => {
  it('needs the two passwords equal', () => {
    expect(validateSignup('ana@example.com', 'one-password', 'another')).toBe('Passwords must be equal')
    expect(validateSignup('ana@example.com', 'one-password', 'one-password')).toBeNull()
    expect(validateSignup('', 'x', 'x')).toBe(MESSAGES.allFieldsIs)
  })
})

describe('birthday', () => {
  const today = new Date(2026, 5, 1)
  it('must read mm/dd/yyyy with a 19xx or 20xx year', () => {
    for (const value of ['', '1/2/1990', '13/01/1990', '00/10/1990', '12/32/1990', '12/31/1890', '12-31-1990']) {
      expect(validateBirthday(value, true, today)).toBe('Date format mm/dd/yyyy')
    }
    expect(validateBirthday('10/18/1993', true, today)).toBeNull()
  })
  it('in settings: not more than 100 years ago, not this year or later, a real day', () => {
    expect(validateBirthday('01/01/1925', true, today)).toBe('Please enter a correct date')
    expect(validateBirthday('01/01/1926', true, today)).toBeNull()
    expect(validateBirthday('01/01/2026', true, today)).toBe('Please enter a correct date')
    expect(validateBirthday('02/30/2000', true, today)).toBe('Please enter a correct date')
    expect(validateBirthday('01/01/2026', false, today)).toBeNull()
  })
})

describe('a new password typed twice', () => {
  it('needs both, equal after trimming', () => {
    expect(validateNewPassword('new-pass', '  ')).toBe('All fields are required')
    expect(validateNewPassword('new-pass', 'new-pas')).toBe('Passwords must be equal')
    expect(validateNewPassword(' new-pass', 'new-pass ')).toBeNull()
  })
})

describe('password change', () => {
  it('needs all three fields, trimmed', () => {
    expect(validatePasswordChange('', 'new-pass', 'new-pass')).toBe('All fields are required')
    expect(validatePasswordChange('old', '   ', '   ')).toBe('All fields are required')
  })
  it('needs new and confirm equal after trimming', () => {
    expect(validatePasswordChange('old', 'new-pass', 'new-pas')).toBe('Passwords must be equal')
    expect(validatePasswordChange('old', ' new-pass ', 'new-pass')).toBeNull()
  })
})

describe('release profile', () => {
  it('sends nothing unless password and confirm match', () => {
    expect(validateRelease('x@example.com', 'pass-one', 'pass-two')).toBe('Passwords must be equal')
    expect(validateRelease('x@example.com', '', '')).toBe('All fields are required')
    expect(validateRelease('x@example.com', 'pass-one ', ' pass-one')).toBeNull()
  })
})

describe('the date mask ##/##/####', () => {
  it('puts the slashes in as digits are typed', () => {
    expect(applyMask('1')).toBe('1')
    expect(applyMask('10')).toBe('10')
    expect(applyMask('101')).toBe('10/1')
    expect(applyMask('10181993')).toBe('10/18/1993')
  })
  it('drops anything but digits and stops at the mask length', () => {
    expect(applyMask('10/18/1993')).toBe('10/18/1993')
    expect(applyMask('ab10-18x1993777')).toBe('10/18/1993')
    expect(applyMask('')).toBe('')
  })
})
