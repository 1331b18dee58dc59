import { Alert, Box, Button, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { CouponResponse } from './billing-api.ts';
import { couponSummary, withoutField } from './price-lines.ts';

/** What a coupon code may be (the server's pattern): checked here so a typo gets words, not a field name. */
const COUPON_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface CouponFieldProps {
  /** The code applied (from the address), or null. */
  code: string | null;
  coupon: CouponResponse | undefined;
  /** Why the applied code cannot be used, in the server's words. */
  problem: string | null;
  checking: boolean;
  onApply(code: string): void;
  onClear(): void;
}

/** The coupon code of /pricing: applied, it shows what it takes off, or why it cannot be used. */
export function CouponField({ code, coupon, problem, checking, onApply, onClear }: CouponFieldProps) {
  const [draft, setDraft] = useState(code ?? '');
  const [typo, setTypo] = useState<string | null>(null);
  useEffect(() => setDraft(code ?? ''), [code]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return onClear();
    if (!COUPON_PATTERN.test(value)) return setTypo('A coupon code is up to 64 letters, digits, - or _.');
    setTypo(null);
    onApply(value);
  };

  return (
    <Box sx={{ minWidth: 0, maxWidth: { sm: 420 }, width: '100%' }}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        data-testid="coupon-form"
      >
        <TextField
          size="small"
          label="Coupon code"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={typo !== null}
          helperText={typo ?? undefined}
          autoComplete="off"
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'coupon-input', spellCheck: false } }}
        />
        <Button type="submit" variant="outlined" loading={checking} data-testid="coupon-apply">
          Apply
        </Button>
        {code ? (
          <Button onClick={onClear} color="inherit" data-testid="coupon-remove">
            Remove
          </Button>
        ) : null}
      </Box>
      {code && coupon ? (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="coupon-applied">
          {`${coupon.name}: ${couponSummary(coupon, PLAN_LABELS)}.`}
        </Alert>
      ) : null}
      {code && problem ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="coupon-problem">
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The coupon field over the server's check of the code: its refusal in the server's words (without the field's
 * name), "checking" while it asks; applying or clearing a code hands it on.
 */
export function CheckedCouponField({
  code,
  coupon,
  check,
  onChange,
}: {
  code: string | null;
  coupon: CouponResponse | undefined;
  check: { isError: boolean; isFetching: boolean; error?: unknown };
  onChange(code: string | null): void;
}) {
  return (
    <CouponField
      code={code}
      coupon={coupon}
      problem={
        code && check.isError
          ? withoutField(errorMessage(check.error as ApiError, 'The coupon could not be checked.'))
          : null
      }
      checking={check.isFetching}
      onApply={onChange}
      onClear={() => onChange(null)}
    />
  );
}
