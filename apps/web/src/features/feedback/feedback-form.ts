import type {
  BodyOf,
  FEEDBACK_CATEGORIES as CONTRACT_CATEGORIES,
  FEEDBACK_MESSAGE_MAX as CONTRACT_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN as CONTRACT_MESSAGE_MIN,
  postFeedback,
} from '@eh/contracts';

/*
 * The contract's limits and categories. Importing them at run time would bring zod into the bundle (the module
 * that defines them builds schemas), so they are repeated here and the compiler checks each equals the
 * contract's: the literal types must match.
 */
export const FEEDBACK_MESSAGE_MIN: typeof CONTRACT_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX: typeof CONTRACT_MESSAGE_MAX = 5000;

export type FeedbackCategory = (typeof CONTRACT_CATEGORIES)[number];
export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'data', 'other'] as const satisfies readonly FeedbackCategory[];
type Uncovered = Exclude<FeedbackCategory, (typeof FEEDBACK_CATEGORIES)[number]>;
const coversContract: [Uncovered] extends [never] ? true : never = true;
void coversContract;
export type FeedbackField = 'category' | 'message' | 'email';
export type FeedbackErrors = Partial<Record<FeedbackField, string>>;

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug',
  idea: 'Idea',
  data: 'Data problem',
  other: 'Other',
};

export const FEEDBACK_CATEGORY_OPTIONS = FEEDBACK_CATEGORIES.map((value) => ({
  value,
  label: FEEDBACK_CATEGORY_LABELS[value],
}));

/** The server's limit on email length (contracts FeedbackInput). */
export const FEEDBACK_EMAIL_MAX = 320;

export interface FeedbackDraft {
  category: string;
  message: string;
  email: string;
}

export const EMPTY_FEEDBACK: FeedbackDraft = { category: 'idea', message: '', email: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks with the same limits as the server (contracts FEEDBACK_MESSAGE_MIN/MAX). */
export function validateFeedback(draft: FeedbackDraft): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(draft.category)) errors.category = 'Choose a category.';
  const length = draft.message.trim().length;
  if (length < FEEDBACK_MESSAGE_MIN) {
    errors.message = `Write at least ${FEEDBACK_MESSAGE_MIN} characters so we can act on it.`;
  } else if (length > FEEDBACK_MESSAGE_MAX) {
    errors.message = `Keep it to ${FEEDBACK_MESSAGE_MAX.toLocaleString('en-US')} characters (now ${length.toLocaleString('en-US')}).`;
  }
  const email = draft.email.trim();
  if (email && (!EMAIL.test(email) || email.length > FEEDBACK_EMAIL_MAX)) {
    errors.email = 'Enter a valid email address, or leave it empty.';
  }
  return errors;
}

/** The request body: trimmed, without an empty email, with the page the user came from when known. */
export function toFeedbackBody(draft: FeedbackDraft, page?: string): BodyOf<typeof postFeedback> {
  const email = draft.email.trim();
  return {
    category: draft.category as FeedbackCategory,
    message: draft.message.trim(),
    ...(email ? { email } : {}),
    ...(page ? { page: page.slice(0, 2048) } : {}),
  };
}
