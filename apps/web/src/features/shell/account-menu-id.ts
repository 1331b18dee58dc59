/** The id of the account menu, which the account button controls. */
export const ACCOUNT_MENU_ID = 'account-menu';
