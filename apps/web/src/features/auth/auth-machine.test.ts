import { describe, expect, it } from 'vitest';
import { TOKEN_REFRESH_MARGIN_MS } from '../../shared/auth-config.ts';
import {
  CHALLENGE_NAMES,
  type ChallengeName,
  checkFlowType,
  INITIAL_SIGN_IN,
  isChallengeName,
  needsRefresh,
  nextSignIn,
  type SignInEvent,
  type SignInFlow,
} from './auth-machine.ts';

const run = (...events: SignInEvent[]): SignInFlow => events.reduce(nextSignIn, INITIAL_SIGN_IN);
const started: SignInEvent = { type: 'started', username: 'ada@example.com', flowType: 'USER_SRP_AUTH' };
const challenge = (name: ChallengeName, session: string, parameters: Record<string, string> = {}): SignInEvent => ({
  type: 'challenge',
  name,
  session,
  parameters,
});

describe(nextSignIn.name, () => {
  it('moves each SPEC §4 challenge to its own step and stores its session', () => {
    const steps = CHALLENGE_NAMES.map((name) => {
      const flow = run(started, challenge(name, `session-${name}`));
      expect(flow.session).toBe(`session-${name}`);
      return [name, flow.step];
    });
    expect(Object.fromEntries(steps)).toEqual({
      SMS_MFA: 'smsCode',
      SELECT_MFA_TYPE: 'selectMfaType',
      MFA_SETUP: 'mfaSetup',
      SOFTWARE_TOKEN_MFA: 'softwareToken',
      CUSTOM_CHALLENGE: 'customChallenge',
      NEW_PASSWORD_REQUIRED: 'newPassword',
      DEVICE_SRP_AUTH: 'deviceSrp',
    });
  });

  it('signs in directly when there is no challenge, without asking about the device', () => {
    expect(run(started, { type: 'succeeded', deviceConfirmationNeeded: true }).step).toBe('signedIn');
  });

  it('asks to remember a new device after a second factor, then finishes on the choice', () => {
    const asked = run(started, challenge('SOFTWARE_TOKEN_MFA', 's1'), {
      type: 'succeeded',
      deviceConfirmationNeeded: true,
    });
    expect(asked.step).toBe('rememberDevice');
    expect(asked.session).toBeNull();
    expect(nextSignIn(asked, { type: 'deviceChoiceMade' }).step).toBe('signedIn');
    // A device already confirmed earlier needs no choice.
    expect(run(started, challenge('SMS_MFA', 's1'), { type: 'succeeded', deviceConfirmationNeeded: false }).step).toBe(
      'signedIn',
    );
  });

  it('keeps the second factor through the device proof that follows it', () => {
    const flow = run(started, challenge('SOFTWARE_TOKEN_MFA', 's1'), challenge('DEVICE_SRP_AUTH', 's2'));
    expect(flow.step).toBe('deviceSrp');
    expect(flow.secondFactor).toBe(true);
    expect(nextSignIn(flow, { type: 'succeeded', deviceConfirmationNeeded: true }).step).toBe('rememberDevice');
  });

  it('reads the factors SELECT_MFA_TYPE offers and where a texted code went', () => {
    const select = run(
      started,
      challenge('SELECT_MFA_TYPE', 's1', { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA"]' }),
    );
    expect(select.mfaChoices).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    expect(run(started, challenge('SELECT_MFA_TYPE', 's1', { MFAS_CAN_CHOOSE: 'not json' })).mfaChoices).toEqual([]);
    const sms = nextSignIn(
      select,
      challenge('SMS_MFA', 's2', { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+*******1234' }),
    );
    expect(sms.destination).toBe('+*******1234');
    expect(sms.mfaChoices).toEqual([]);
  });

  it('records the authenticator secret only while setting up MFA', () => {
    const setup = run(started, challenge('MFA_SETUP', 's1'));
    expect(nextSignIn(setup, { type: 'secretCodeIssued', secretCode: 'JBSWY3DP', session: 's2' })).toMatchObject({
      secretCode: 'JBSWY3DP',
      session: 's2',
    });
    const elsewhere = run(started, challenge('SMS_MFA', 's1'));
    expect(nextSignIn(elsewhere, { type: 'secretCodeIssued', secretCode: 'X', session: 's2' })).toBe(elsewhere);
  });

  it('starts over on reset and on a new start', () => {
    const mid = run(started, challenge('NEW_PASSWORD_REQUIRED', 's1'));
    expect(nextSignIn(mid, { type: 'reset' })).toEqual(INITIAL_SIGN_IN);
    expect(nextSignIn(mid, { type: 'started', username: 'b@example.com', flowType: 'CUSTOM_AUTH' })).toMatchObject({
      step: 'credentials',
      username: 'b@example.com',
      flowType: 'CUSTOM_AUTH',
      session: null,
    });
  });
});

describe(isChallengeName.name, () => {
  it('accepts the seven SPEC challenges only', () => {
    expect(CHALLENGE_NAMES).toHaveLength(7);
    expect(isChallengeName('SOFTWARE_TOKEN_MFA')).toBe(true);
    expect(isChallengeName('PASSWORD_VERIFIER')).toBe(false);
    expect(isChallengeName('toString')).toBe(false);
  });
});

describe(checkFlowType.name, () => {
  it("refuses other flows with SPEC §5's message", () => {
    expect(checkFlowType('CUSTOM_AUTH')).toBe('CUSTOM_AUTH');
    expect(() => checkFlowType('ADMIN_NO_SRP_AUTH')).toThrow('Authentication flow type is invalid');
  });
});

describe(needsRefresh.name, () => {
  it('refreshes within the margin and after expiry, not before', () => {
    const now = Date.UTC(2026, 0, 5, 12);
    const inMinutes = (m: number) => (now + m * 60_000) / 1000;
    expect(needsRefresh(inMinutes(60), now, TOKEN_REFRESH_MARGIN_MS)).toBe(false);
    expect(needsRefresh(inMinutes(31), now, TOKEN_REFRESH_MARGIN_MS)).toBe(false);
    expect(needsRefresh(inMinutes(30), now, TOKEN_REFRESH_MARGIN_MS)).toBe(true);
    expect(needsRefresh(inMinutes(-1), now, TOKEN_REFRESH_MARGIN_MS)).toBe(true);
  });
});
