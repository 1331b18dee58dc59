import type {
  addAlert,
  BodyOf,
  deleteAlert,
  getAlertCounts,
  getAlerts,
  ResponseOf,
  updateAllAlerts,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { ALERT_DEFAULTS } from '@eh/domain';
import { api } from '../../shared/api.ts';

const ALERTS_PATH = paths.getAlerts;
const ALERT_PATH = paths.deleteAlert;
const ALL_ALERTS_PATH = paths.updateAllAlerts;
const ALERT_COUNTS_PATH = paths.getAlertCounts;

export type AlertsResponse = ResponseOf<typeof getAlerts>;
export type Alert = ResponseOf<typeof addAlert>;
export type AlertCounts = ResponseOf<typeof getAlertCounts>;

/** The counts call's arguments for some symbols: upper case, unique and sorted, so a set is one cache entry. */
export function alertCountsArgs(symbols: readonly string[]): { symbols?: string } {
  const unique = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))].sort();
  return unique.length ? { symbols: unique.join(',') } : {};
}

/**
 * SPEC §7 Alerts. Adds and removes are applied to the cached list at once and undone when the server refuses
 * (SPEC §4); the caller says so with a toast.
 */
export const alertsApi = api.enhanceEndpoints({ addTagTypes: ['Alerts', 'AlertCounts'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<AlertsResponse, void>({
      query: () => ALERTS_PATH,
      providesTags: ['Alerts'],
    }),
    /**
     * SPEC §7 counts: the caller's alerts in all, and how many users have alerts on each asked symbol (comma
     * separated, sorted, so one symbol set is one cache entry). Every alert change invalidates it.
     */
    getAlertCounts: build.query<AlertCounts, { symbols?: string }>({
      query: (params) => ({ url: ALERT_COUNTS_PATH, params }),
      providesTags: ['AlertCounts'],
    }),
    addAlert: build.mutation<Alert, BodyOf<typeof addAlert>>({
      query: (body) => ({ url: ALERTS_PATH, method: 'POST', body }),
      invalidatesTags: ['AlertCounts'],
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const symbol = body.symbol.toUpperCase();
        const now = new Date().toISOString();
        const patch = dispatch(
          alertsApi.util.updateQueryData('getAlerts', undefined, (draft) => {
            const { symbol: _symbol, ...sent } = body;
            const existing = draft.alerts.find((alert) => alert.symbol === symbol);
            if (existing) Object.assign(existing, sent);
            else draft.alerts.push({ ...ALERT_DEFAULTS, ...sent, userId: '', symbol, createdAt: now, updatedAt: now });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            alertsApi.util.updateQueryData('getAlerts', undefined, (draft) => {
              draft.alerts = draft.alerts.map((alert) => (alert.symbol === symbol ? data : alert));
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    updateAllAlerts: build.mutation<AlertsResponse, BodyOf<typeof updateAllAlerts>>({
      query: (body) => ({ url: ALL_ALERTS_PATH, method: 'POST', body }),
      invalidatesTags: ['AlertCounts'],
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          alertsApi.util.updateQueryData('getAlerts', undefined, (draft) => {
            for (const alert of draft.alerts) Object.assign(alert, body);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(alertsApi.util.upsertQueryData('getAlerts', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
    deleteAlert: build.mutation<ResponseOf<typeof deleteAlert>, { symbol: string }>({
      query: ({ symbol }) => ({ url: ALERT_PATH.replace(':symbol', encodeURIComponent(symbol)), method: 'DELETE' }),
      invalidatesTags: ['AlertCounts'],
      async onQueryStarted({ symbol }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          alertsApi.util.updateQueryData('getAlerts', undefined, (draft) => {
            draft.alerts = draft.alerts.filter((alert) => alert.symbol !== symbol);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetAlertsQuery,
  useGetAlertCountsQuery,
  useAddAlertMutation,
  useUpdateAllAlertsMutation,
  useDeleteAlertMutation,
} = alertsApi;
