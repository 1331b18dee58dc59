import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage, fieldErrors } from '../../shared/api.ts';
import { FEEDBACK_SUCCESS } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { usePostFeedbackMutation } from './feedback-api.ts';
import {
  EMPTY_FEEDBACK,
  FEEDBACK_CATEGORY_OPTIONS,
  FEEDBACK_MESSAGE_MAX,
  type FeedbackDraft,
  type FeedbackErrors,
  type FeedbackField,
  toFeedbackBody,
  validateFeedback,
} from './feedback-form.ts';

const PAGE = pageById('feedback');

/** The page the user came from, when it is one of ours. */
function referrerPath(): string | undefined {
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    return referrer && referrer.origin === window.location.origin ? referrer.pathname + referrer.search : undefined;
  } catch {
    return undefined;
  }
}

export default function FeedbackPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_FEEDBACK);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [send, { isLoading, error, isSuccess, reset }] = usePostFeedbackMutation();
  const [fromPage] = useState(referrerPath);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  const serverFieldErrors = fieldErrors(error);
  const fieldError = (field: FeedbackField) => errors[field] ?? serverFieldErrors[field];
  const generalError =
    error && Object.keys(serverFieldErrors).length === 0 ? errorMessage(error, 'Your feedback was not sent.') : null;

  const update = (field: FeedbackField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (error) reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateFeedback(draft);
    setErrors(found);
    if (found.message) return messageRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    if (found.category) return;
    await send(toFeedbackBody(draft, fromPage))
      .unwrap()
      .catch(() => undefined);
  };

  if (isSuccess) {
    return (
      <PageFrame title={PAGE.title} maxWidth="sm">
        <Alert
          icon={<CheckCircleOutlined />}
          severity="success"
          role="status"
          data-testid="feedback-success"
          sx={{ mb: 3 }}
        >
          {FEEDBACK_SUCCESS}
        </Alert>
        <Typography sx={{ mb: 2 }}>
          We read every message. If you left an email address we may write back with a question.
        </Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setDraft(EMPTY_FEEDBACK);
            reset();
          }}
        >
          Send more feedback
        </Button>
      </PageFrame>
    );
  }

  const length = draft.message.trim().length;
  return (
    <PageFrame
      title={PAGE.title}
      description="Tell us about a bug, an idea or wrong data. Naming the symbol and the page helps us act quickly."
      maxWidth="sm"
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        {generalError ? (
          <Alert severity="error" role="alert">
            {generalError}
          </Alert>
        ) : null}
        <TextField
          select
          label="Category"
          value={draft.category}
          onChange={(event) => update('category')(event.target.value)}
          error={Boolean(fieldError('category'))}
          helperText={fieldError('category')}
        >
          {FEEDBACK_CATEGORY_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Message"
          multiline
          minRows={5}
          maxRows={16}
          required
          value={draft.message}
          onChange={(event) => update('message')(event.target.value)}
          error={Boolean(fieldError('message'))}
          helperText={fieldError('message') ?? `${length.toLocaleString()} / ${FEEDBACK_MESSAGE_MAX.toLocaleString()}`}
          inputRef={messageRef}
        />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(event) => update('email')(event.target.value)}
          error={Boolean(fieldError('email'))}
          helperText={fieldError('email') ?? 'Only if you would like an answer.'}
          inputRef={emailRef}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Send feedback
          </Button>
        </Box>
      </Box>
    </PageFrame>
  );
}
