import type { getEarningsCalendarDaily, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import type { IsoDate } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { network } from '../../test/network.ts';
import { answerAppChrome } from '../../test/quote.ts';
import { answerCalendar, answerEvents, answerFilterSymbols, type Report } from './calendar.fixture.ts';
import { sessionKeyOf } from './calendar-model.ts';

type DailyDay = ResponseOf<typeof getEarningsCalendarDaily>['days'][number];
type Counts = { total: number; confirmed: number; estimated: number };

const none = (): Counts => ({ total: 0, confirmed: 0, estimated: 0 });

function add(counts: Counts, report: Report) {
  counts.total += 1;
  counts[report.dateStatus === 'confirmed' ? 'confirmed' : 'estimated'] += 1;
}

/**
 * Answers the month view's daily counts (GET …/earnings/calendar/daily?start=&end=) from `reports`: each day of the
 * window that has one, counted whole and per session, confirmed against estimated.
 */
export function answerDaily(reports: readonly Report[]) {
  network.use(
    http.get(`*${paths.getEarningsCalendarDaily}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const start = (query.get('start') ?? '') as IsoDate;
      const end = (query.get('end') ?? '') as IsoDate;
      const days = new Map<IsoDate, DailyDay>();
      for (const report of reports) {
        if (report.date < start || report.date > end) continue;
        const day = days.get(report.date) ?? {
          date: report.date,
          ...none(),
          sessions: { before: none(), market: none(), after: none(), unknown: none() },
        };
        add(day, report);
        add(day.sessions[sessionKeyOf(report)], report);
        days.set(report.date, day);
      }
      return HttpResponse.json({
        start,
        end,
        days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      } satisfies ResponseOf<typeof getEarningsCalendarDaily>);
    }),
  );
}

/**
 * Answers everything a calendar page asks for a visitor, whatever window it shows: the app's chrome, the reports
 * and daily counts out of `reports`, `popular` as the popular group, and no events (calls are on by default).
 */
export function answerCalendarPages(reports: readonly Report[], popular: string[] = reports.map((r) => r.symbol)) {
  answerAppChrome();
  answerCalendar(reports);
  answerDaily(reports);
  answerFilterSymbols('popular', popular);
  answerEvents([]);
}
