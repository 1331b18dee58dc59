/**
 * The sign-in state machine of SPEC §4, pure. Each challenge the identity provider answers with stores its
 * session and moves to its step; with no challenge the sign-in succeeds; a new device is confirmed after sign-in
 * and, when the user proved a second factor, they choose whether this device is remembered (then a remembered
 * device skips the second factor next time, through DEVICE_SRP_AUTH).
 */
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';

/** SPEC §4 sign-in challenges and the step each one moves to. */
export const CHALLENGE_STEPS = {
  SMS_MFA: 'smsCode',
  SELECT_MFA_TYPE: 'selectMfaType',
  MFA_SETUP: 'mfaSetup',
  SOFTWARE_TOKEN_MFA: 'softwareToken',
  CUSTOM_CHALLENGE: 'customChallenge',
  NEW_PASSWORD_REQUIRED: 'newPassword',
  DEVICE_SRP_AUTH: 'deviceSrp',
} as const;
export type ChallengeName = keyof typeof CHALLENGE_STEPS;
export type ChallengeStep = (typeof CHALLENGE_STEPS)[ChallengeName];
export type SignInStep = 'credentials' | ChallengeStep | 'rememberDevice' | 'signedIn';

export const CHALLENGE_NAMES = Object.keys(CHALLENGE_STEPS) as ChallengeName[];

export function isChallengeName(name: unknown): name is ChallengeName {
  return typeof name === 'string' && Object.hasOwn(CHALLENGE_STEPS, name);
}

/** The second factors a user can be asked for. */
export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
const MFA_TYPES: readonly MfaType[] = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];

/** Steps that prove a second factor: after them the user may remember the device. */
const SECOND_FACTOR_STEPS: ReadonlySet<SignInStep> = new Set(['smsCode', 'softwareToken', 'mfaSetup']);

/** The flows the client starts: SRP with a password, or a code emailed to the user (CUSTOM_AUTH). */
export const SIGN_IN_FLOWS = ['USER_SRP_AUTH', 'CUSTOM_AUTH'] as const;
export type SignInFlowType = (typeof SIGN_IN_FLOWS)[number];

/** SPEC §5: any other flow type is refused with 'Authentication flow type is invalid'. */
export function checkFlowType(flow: string): SignInFlowType {
  if ((SIGN_IN_FLOWS as readonly string[]).includes(flow)) return flow as SignInFlowType;
  throw new Error(AUTH_MESSAGES.invalidFlowType);
}

export interface SignInFlow {
  step: SignInStep;
  username: string | null;
  flowType: SignInFlowType;
  /** The session of the last challenge (SPEC §4: stored at each challenge, sent back with the answer). */
  session: string | null;
  parameters: Readonly<Record<string, string>>;
  /** Where a texted or emailed code went (masked by the provider). */
  destination: string | null;
  /** SELECT_MFA_TYPE: the factors the user may choose from. */
  mfaChoices: MfaType[];
  /** MFA_SETUP: the authenticator secret once AssociateSoftwareToken returned it. */
  secretCode: string | null;
  /** A second factor was proved in this sign-in. */
  secondFactor: boolean;
}

export const INITIAL_SIGN_IN: SignInFlow = {
  step: 'credentials',
  username: null,
  flowType: 'USER_SRP_AUTH',
  session: null,
  parameters: {},
  destination: null,
  mfaChoices: [],
  secretCode: null,
  secondFactor: false,
};

export type SignInEvent =
  | { type: 'started'; username: string; flowType: SignInFlowType }
  | {
      type: 'challenge';
      name: ChallengeName;
      session: string | null;
      parameters: Readonly<Record<string, string>>;
    }
  | { type: 'secretCodeIssued'; secretCode: string; session: string | null }
  | { type: 'succeeded'; deviceConfirmationNeeded: boolean }
  | { type: 'deviceChoiceMade' }
  | { type: 'reset' };

function parseMfaChoices(raw: string | undefined): MfaType[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? MFA_TYPES.filter((type) => list.includes(type)) : [];
  } catch {
    return [];
  }
}

/** Where a code was sent: SMS and email challenges name it differently. */
function destinationOf(parameters: Readonly<Record<string, string>>): string | null {
  return parameters.CODE_DELIVERY_DESTINATION ?? parameters.email ?? parameters.destination ?? null;
}

export function nextSignIn(flow: SignInFlow, event: SignInEvent): SignInFlow {
  switch (event.type) {
    case 'started':
      return { ...INITIAL_SIGN_IN, username: event.username, flowType: event.flowType };
    case 'challenge': {
      const step = CHALLENGE_STEPS[event.name];
      return {
        ...flow,
        step,
        session: event.session,
        parameters: event.parameters,
        destination: destinationOf(event.parameters) ?? (step === flow.step ? flow.destination : null),
        mfaChoices: event.name === 'SELECT_MFA_TYPE' ? parseMfaChoices(event.parameters.MFAS_CAN_CHOOSE) : [],
        secretCode: null,
        // Answering an MFA step can lead to the device proof; the factor was still proved.
        secondFactor: flow.secondFactor || SECOND_FACTOR_STEPS.has(flow.step),
      };
    }
    case 'secretCodeIssued':
      return flow.step === 'mfaSetup' ? { ...flow, secretCode: event.secretCode, session: event.session } : flow;
    case 'succeeded': {
      const secondFactor = flow.secondFactor || SECOND_FACTOR_STEPS.has(flow.step);
      return {
        ...flow,
        step: event.deviceConfirmationNeeded && secondFactor ? 'rememberDevice' : 'signedIn',
        session: null,
        secondFactor,
      };
    }
    case 'deviceChoiceMade':
      return flow.step === 'rememberDevice' ? { ...flow, step: 'signedIn' } : flow;
    case 'reset':
      return INITIAL_SIGN_IN;
  }
}

/** SPEC §4 Session validity: tokens are refreshed when they expire within the margin (or already have). */
export function needsRefresh(expiresAtSeconds: number, nowMs: number, marginMs: number): boolean {
  return expiresAtSeconds * 1000 - nowMs <= marginMs;
}
