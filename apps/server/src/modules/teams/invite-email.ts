/**
 * The invite email: who invites whom to which team as what, how to sign in (with the temporary password
 * the identity provider made for a new address, which must be changed at the first sign-in), and the link that
 * opens the team page to accept or decline. Plain text: the outbox (the local mailbox without SMTP) keeps one body.
 */
import { ACCOUNT_PAGE_PATHS, type InviteRole } from '@eh/domain';
import type { OutgoingMessage } from '../../kernel/outbox.ts';

export interface InviteEmailInput {
  appName: string;
  /** PUBLIC_URL without its trailing slash. */
  publicUrl: string;
  to: string;
  organizationName: string;
  role: InviteRole;
  invitedBy: string | null;
  token: string;
  /** For an address the invite made an account for: the identity provider's temporary password. */
  temporaryPassword: string | null;
}

const ROLE_WORDS: Record<InviteRole, string> = { admin: 'an admin', member: 'a member' };

export function inviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_PAGE_PATHS.team}?invite=${encodeURIComponent(token)}`;
}

export function inviteEmail(input: InviteEmailInput): OutgoingMessage {
  const who = input.invitedBy ?? 'A team owner';
  const subject = `${who} invited you to the team ${input.organizationName} on ${input.appName}`;
  const signIn = input.temporaryPassword
    ? [
        `An account was made for you. Sign in at ${input.publicUrl}/signin with`,
        `  email: ${input.to}`,
        `  temporary password: ${input.temporaryPassword}`,
        'You will choose your own password when you first sign in.',
      ]
    : [`Sign in at ${input.publicUrl}/signin with ${input.to}.`];
  const body = [
    `${who} invited you to join the team ${input.organizationName} on ${input.appName} as ${ROLE_WORDS[input.role]}.`,
    'Members get the team plan’s features for as long as they are in the team.',
    '',
    ...signIn,
    '',
    `Then accept or decline the invite: ${inviteLink(input.publicUrl, input.token)}`,
    '',
    '--',
    `${input.appName}. You get this email because ${who} entered your address in their team.`,
    '',
  ].join('\n');
  return { channel: 'email', to: input.to, subject, body };
}
