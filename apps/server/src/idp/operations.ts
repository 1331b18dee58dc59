import * as account from './account.ts';
import * as devices from './devices.ts';
import * as auth from './service.ts';

/** Every operation /idp answers, by its X-Amz-Target name. */
export const OPERATIONS: Record<string, (ctx: auth.IdpContext, input: auth.Json) => Promise<unknown>> = {
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
};
