/** The identity provider's password policy, in words (the provider's own message names what failed). */
export const PASSWORD_HINT = 'At least 8 characters with upper and lower case, a number and a symbol';
