import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildUser } from '@/testing/builders'
import { renderWithProviders, signedInState } from '@/testing/render'
import { OnboardingForm } from './components/onboarding-form'

describe('OnboardingForm', () => {
  it('walks forward and back with six dots, Enter in the last name submitting the step', async () => {
    const user = userEvent.setup()
    renderWithProviders(<OnboardingForm user={buildUser({ dancerName: null, fullName: null, birthday: null, country: null, city: null, state: null })} />, {
      preloadedState: signedInState(),
    })
    expect(screen.getAllByTestId('progress-dot')).toHaveLength(6)
    expect(screen.getByRole('heading', { name: 'Full name' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'back' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'next' }))
    expect(screen.getByRole('heading', { name: 'Full name' })).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^First name/), 'Ana{Enter}')
    expect(screen.getByLabelText(/^Last name/)).toHaveFocus()
    await user.type(screen.getByLabelText(/^Last name/), 'Rocks{Enter}')
    expect(screen.getByRole('heading', { name: 'Username' })).toBeInTheDocument()
    expect(screen.getByTestId('onboarding-step-dancerName')).toHaveClass('slide-forward')
    await user.type(screen.getByLabelText(/^Dancer name, nickname, etc\.\.\./), 'B-girl Ana{Enter}')
    expect(screen.getByRole('heading', { name: 'Enter your birthday' })).toBeInTheDocument()
    const birthday = screen.getByLabelText(/^Birthday/)
    expect(birthday).toHaveAttribute('placeholder', '10/18/1993')
    await user.type(birthday, '1018{Enter}')
    expect(screen.getByText('Date format mm/dd/yyyy')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'back' }))
    expect(screen.getByRole('heading', { name: 'Username' })).toBeInTheDocument()
    expect(screen.getByTestId('onboarding-step-dancerName')).toHaveClass('slide-back')
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 6' })).toBeInTheDocument()
  })
})
