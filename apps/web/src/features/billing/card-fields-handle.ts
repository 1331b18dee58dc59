/** What the form around the card fields asks of them when it is submitted. */
export interface CardFieldsHandle {
  /**
   * Checks the card and answers the payment method id to send as `stripePaymentMethodId`: Stripe's `pm_…` once the
   * SetupIntent is confirmed, or in test billing the test card number. Null when a field is wrong (the field says
   * why); throws an Error in the provider's words when it refuses the card.
   */
  collect(): Promise<string | null>;
}
