import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { PageLoader } from '@/components/ui/feedback'
import { paths } from '@/config/paths'
import { EventsGrid } from '@/features/events/components/events-page/events-grid'
import { EventsPage } from '@/features/events/components/events-page/events-page'

// The map (Leaflet, supercluster, outlines) and the calendar load only when their tab is opened.
const EventsMap = lazy(() => import('@/features/events/components/map/events-map'))
const CalendarView = lazy(() => import('@/features/events/components/calendar/calendar-view'))

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader label="Loading view" />}>{children}</Suspense>
}

/** /events with its child routes: the grid (index), /events/map and /events/calendar, shown as tabs. */
export default function EventsRoute() {
  return (
    <Routes>
      <Route element={<EventsPage />}>
        <Route index element={<EventsGrid />} />
        <Route path="map" element={<Loading><EventsMap /></Loading>} />
        <Route path="calendar" element={<Loading><CalendarView /></Loading>} />
      </Route>
      <Route path="*" element={<Navigate to={paths.notFound.getHref()} replace />} />
    </Routes>
  )
}
