import * as account from './account.ts';
import * as devices from './devices.ts';
import type { IdpContext, Json } from './flow.ts';
import * as auth from './service.ts';

type Operation = (ctx: IdpContext, input: Json) => Promise<unknown>;

/**
 * Every operation /idp answers, by its X-Amz-Target name. A Map, not an object literal: the name comes from the
 * request, and an object would answer 'constructor' or '__proto__' with a built-in of its own.
 */
export const OPERATIONS = new Map<string, Operation>(
  Object.entries({
    SignUp: auth.signUp,
    ConfirmSignUp: auth.confirmSignUp,
    ResendConfirmationCode: auth.resendConfirmationCode,
    InitiateAuth: auth.initiateAuth,
    RespondToAuthChallenge: auth.respondToAuthChallenge,
    GetUser: auth.getUser,
    GlobalSignOut: auth.globalSignOut,
    RevokeToken: auth.revokeToken,
    ForgotPassword: account.forgotPassword,
    ConfirmForgotPassword: account.confirmForgotPassword,
    ChangePassword: account.changePassword,
    UpdateUserAttributes: account.updateUserAttributes,
    GetUserAttributeVerificationCode: account.getUserAttributeVerificationCode,
    VerifyUserAttribute: account.verifyUserAttribute,
    DeleteUserAttributes: account.deleteUserAttributes,
    DeleteUser: account.deleteUser,
    AssociateSoftwareToken: account.associateSoftwareToken,
    VerifySoftwareToken: account.verifySoftwareToken,
    SetUserMFAPreference: account.setUserMfaPreference,
    SetUserSettings: account.setUserSettings,
    ConfirmDevice: devices.confirmDevice,
    GetDevice: devices.getDevice,
    ListDevices: devices.listDevices,
    ForgetDevice: devices.forgetDevice,
    UpdateDeviceStatus: devices.updateDeviceStatus,
  }),
);
