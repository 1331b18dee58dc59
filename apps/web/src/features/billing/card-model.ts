/**
 * The plain card form of test billing (the server's `test` provider takes Stripe's documented test card numbers):
 * formatting as typed, and the checks a card form makes before anything is sent. Pure TypeScript.
 */
import { TEST_CARDS } from '@eh/domain';

export interface CardInput {
  number: string;
  /** "MM / YY" */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;
export type CardProblems = Partial<Record<CardField, string>>;

/** Card numbers are 12 to 19 digits (ISO/IEC 7812). */
const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
export function formatCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" → "1", "12" → "12 / ", "1229" → "12 / 29"; a first digit above 1 is a month on its own ("4" → "04 / "). */
export function formatExpiry(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit too, or the separator would come straight back.
  if (previous.endsWith(' / ') && input.length < previous.length && digits.length === 2) digits = digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with each field, in words; empty when the card can be sent. */
export function cardProblems(card: CardInput, now: Date): CardProblems {
  const problems: CardProblems = {};
  const digits = cardDigits(card.number);
  if (!digits) problems.number = 'Enter the card number.';
  else if (digits.length < MIN_DIGITS || !luhnValid(digits)) problems.number = 'This card number is not valid.';

  const match = card.expiry.match(/^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/);
  if (!card.expiry.trim()) problems.expiry = 'Enter the expiry date.';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) problems.expiry = 'Enter the expiry as MM / YY.';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (year * 12 + (month - 1) < thisMonth) problems.expiry = 'This card has expired.';
  }

  if (!card.cvc.trim()) problems.cvc = 'Enter the security code.';
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'The security code is 3 or 4 digits.';
  return problems;
}

/** The test cards test billing knows, with what each does: the hint under the plain form. */
export function testCardHints(): { number: string; outcome: string }[] {
  return Object.entries(TEST_CARDS).map(([number, card]) => ({
    number: formatCardNumber(number),
    outcome: card.decline ? `is refused (“${card.decline.replace(/\.$/, '')}”)` : 'pays',
  }));
}
