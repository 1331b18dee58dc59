import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { TableScroll } from '../../components/table-scroll.tsx';
import type { FlagMap } from './flags.ts';

function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The flags as the server sent them: on/off, message and when each last changed. */
export function FlagsTable({ flags, caption }: { flags: FlagMap | undefined; caption: string }) {
  const entries = Object.entries(flags ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <Typography color="text.secondary">No flags are set.</Typography>;
  return (
    <TableScroll label={caption} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Flag
            </TableCell>
            <TableCell component="th" scope="col">
              State
            </TableCell>
            <TableCell component="th" scope="col">
              Message
            </TableCell>
            <TableCell component="th" scope="col">
              Changed
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                {name}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={value?.enabled ? 'on' : 'off'}
                  color={value?.enabled ? 'success' : 'default'}
                  variant={value?.enabled ? 'filled' : 'outlined'}
                />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{value?.message ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{value ? formatTime(value.updatedAt) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
