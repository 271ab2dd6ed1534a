import { api } from '@/lib/api/base'
import type { Count, ItemsNotificationOut, NotificationOut } from '@/lib/api/types'

export const NOTIFICATIONS_PAGE_SIZE = 20

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnreadCount: build.query<number, void>({
      query: () => '/notifications/count',
      extraOptions: { silent: true },
      transformResponse: (body: Count | null) => body?.count ?? 0,
      providesTags: ['Notifications'],
    }),
    getNotifications: build.query<NotificationOut[], void>({
      query: () => ({ url: '/notifications', params: { p: 0, pp: NOTIFICATIONS_PAGE_SIZE } }),
      transformResponse: (body: ItemsNotificationOut | null) => body?.items ?? [],
      providesTags: ['Notifications'],
    }),
    markRead: build.mutation<unknown, number>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllRead: build.mutation<unknown, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
})

export const { useGetUnreadCountQuery, useGetNotificationsQuery, useMarkReadMutation, useMarkAllReadMutation } =
  notificationsApi
