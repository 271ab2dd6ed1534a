import { render, screen } from '@testing-library/react'
import { createMemoryRouter, data, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetErrorReporter } from '@/lib/error-reporter'
import { RouteError } from './route-error'

function failingRoute(thrown: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      loader: () => {
        throw thrown
      },
      Component: () => null,
    },
  ])
  render(<RouterProvider router={router} />)
}

const reports = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { kind: string; message: string })

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  resetErrorReporter()
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {}) // react-router logs what it caught
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe("a route's error boundary", () => {
  it('reports the error it shows', async () => {
    failingRoute(new Error('the bracket has no carpet'))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    await vi.waitFor(() => expect(reports(fetchMock)).toEqual([expect.objectContaining({ kind: 'boundary', message: 'Error: the bracket has no carpet' })]))
  })

  it('does not report a 404 answer', async () => {
    failingRoute(data(null, { status: 404 }))
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument() // the 404 page
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
