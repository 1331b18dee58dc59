import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, FormHelperText, IconButton, TextField } from '@mui/material';
import { useId } from 'react';

/** A licence count typed or stepped, between the seats used and the online limit. */
export function LicenceCountField({
  value,
  onChange,
  minimum,
  maximum,
  problem,
  disabled,
  label = 'Licences',
}: {
  value: string;
  onChange(value: string): void;
  minimum: number;
  maximum: number;
  problem: string | null;
  disabled?: boolean;
  label?: string;
}) {
  const current = Number(value);
  const valid = Number.isInteger(current);
  const helpId = useId();
  const step = (by: number) => onChange(String(Math.min(maximum, Math.max(minimum, (valid ? current : minimum) + by))));
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          aria-label="One licence fewer"
          onClick={() => step(-1)}
          disabled={disabled || (valid && current <= minimum)}
        >
          <RemoveIcon />
        </IconButton>
        <TextField
          label={label}
          size="small"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, '').slice(0, 4))}
          error={!!problem}
          disabled={disabled}
          sx={{ width: 110 }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'data-testid': 'licence-count',
              'aria-describedby': problem ? helpId : undefined,
            },
          }}
        />
        <IconButton
          aria-label="One licence more"
          onClick={() => step(1)}
          disabled={disabled || (valid && current >= maximum)}
        >
          <AddIcon />
        </IconButton>
      </Box>
      {problem ? (
        <FormHelperText id={helpId} error sx={{ mx: 0 }} data-testid="licence-count-problem">
          {problem}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
