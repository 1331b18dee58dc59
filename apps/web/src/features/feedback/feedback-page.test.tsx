import { type BodyOf, type ErrorBody, ErrorCode, type postFeedback, type ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { FEEDBACK_SUCCESS } from '../../shared/constants.ts';
import { network } from '../../test/network.ts';
import { FEEDBACK_CATEGORY_LABELS, FEEDBACK_MESSAGE_MIN, validateFeedback } from './feedback-form.ts';
import FeedbackPage from './feedback-page.tsx';

type Feedback = BodyOf<typeof postFeedback>;

/** The server's feedback inbox: what it received, answered as `answer` says (stored, unless told otherwise). */
function answerFeedback(answer?: () => Response) {
  const received: Feedback[] = [];
  network.use(
    http.post(`*${paths.postFeedback}`, async ({ request }) => {
      received.push((await request.json()) as Feedback);
      if (answer) return answer();
      return HttpResponse.json(
        { id: received.length, createdAt: '2026-02-06T12:00:00.000Z' } satisfies ResponseOf<typeof postFeedback>,
        { status: 201 },
      );
    }),
  );
  return received;
}

function renderFeedback() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={['/feedback']}>
        <FeedbackPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    message: screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement,
    email: screen.getByRole('textbox', { name: 'Email (optional)' }) as HTMLInputElement,
    send: screen.getByRole('button', { name: 'Send feedback' }),
  };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Puts `text` into a field as a person pasting it does (typing it key by key only takes longer). */
async function fill(person: ReturnType<typeof user>, field: HTMLElement, text: string) {
  await person.click(field);
  await person.paste(text);
}

/** The message a field shows under it (its helper text), found through the field's description. */
const helpOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const MESSAGE = 'The calendar should show the call time in my timezone.';

describe('the feedback form', () => {
  it('says what is missing, puts the focus there and sends nothing until the message and email are right', async () => {
    const received = answerFeedback();
    const person = user();
    const { message, email, send } = renderFeedback();

    await person.click(send);
    const tooShort = validateFeedback({ category: 'idea', message: '', email: '' }).message;
    expect(tooShort).toBe(`Write at least ${FEEDBACK_MESSAGE_MIN} characters so we can act on it.`);
    await waitFor(() => expect(helpOf(message)).toBe(tooShort));
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(message);

    // Typing clears the message's error; an address that is not one is the next thing to fix.
    await fill(person, message, MESSAGE);
    expect(message.getAttribute('aria-invalid')).toBe('false');
    await fill(person, email, 'not-an-email');
    await person.click(send);
    await waitFor(() => expect(helpOf(email)).toBe('Enter a valid email address, or leave it empty.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(received).toEqual([]);
  });

  it('sends valid feedback, trimmed, with its category and address, and confirms it reached the team', async () => {
    const received = answerFeedback();
    const person = user();
    const { message, email, send } = renderFeedback();

    await person.click(screen.getByRole('combobox', { name: 'Category' }));
    await person.click(await screen.findByRole('option', { name: FEEDBACK_CATEGORY_LABELS.bug }));
    await fill(person, message, `  ${MESSAGE}  `);
    await fill(person, email, 'reader@example.com');
    await person.click(send);

    expect((await screen.findByRole('status')).textContent).toBe(FEEDBACK_SUCCESS);
    expect(received).toEqual([{ category: 'bug', message: MESSAGE, email: 'reader@example.com' }]);

    // Another message starts from an empty form.
    await person.click(screen.getByRole('button', { name: 'Send more feedback' }));
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s refusal of a field under that field, and keeps what was typed', async () => {
    // The client's check lets an address with an accented domain through; the contract's does not.
    const address = 'reader@exämple.com';
    const refusal = 'Invalid email address';
    const received = answerFeedback(() =>
      HttpResponse.json(
        {
          message: `body.email: ${refusal}`,
          code: ErrorCode.validation,
          details: [{ field: 'body.email', message: refusal }],
        } satisfies ErrorBody,
        { status: 400 },
      ),
    );
    const person = user();
    const { message, email, send } = renderFeedback();
    await fill(person, message, MESSAGE);
    await fill(person, email, address);
    await person.click(send);

    await waitFor(() => expect(helpOf(email)).toBe(refusal));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.value).toBe(address);
    expect(message.value).toBe(MESSAGE);
    expect(received).toEqual([{ category: 'idea', message: MESSAGE, email: address }]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
