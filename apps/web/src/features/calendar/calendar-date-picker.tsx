import { DATE_PICKER_MAX, DATE_PICKER_MIN, type IsoDate } from '@eh/domain';
import { Popover } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import type { CalendarView } from '../../shared/preferences.ts';

export interface DatePickerPopoverProps {
  anchorEl: HTMLElement | null;
  view: CalendarView;
  value: IsoDate;
  onClose: () => void;
  onPick: (date: IsoDate) => void;
}

/**
 * The calendar's date picker (MUI X, loaded only when opened): a day for the week and list views, a month for
 * the month view, within SPEC §9's bounds 1900-01-01 to 2099-12-31.
 */
export default function DatePickerPopover({ anchorEl, view, value, onClose, onPick }: DatePickerPopoverProps) {
  const month = view === 'month';
  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': month ? 'Choose a month' : 'Choose a date' } }}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <DateCalendar
          value={dayjs(value)}
          minDate={dayjs(DATE_PICKER_MIN)}
          maxDate={dayjs(DATE_PICKER_MAX)}
          views={month ? ['year', 'month'] : ['year', 'month', 'day']}
          openTo={month ? 'month' : 'day'}
          onChange={(next, state) => {
            if (!next?.isValid()) return;
            // Choosing a year (or, for a day, a month) only moves the picker on; the last view's choice is the answer.
            if (state === 'partial') return;
            onPick(next.format('YYYY-MM-DD'));
          }}
          data-testid="date-picker"
        />
      </LocalizationProvider>
    </Popover>
  );
}
