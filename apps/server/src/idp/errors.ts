/** Cognito's error shape: `{ __type, message }` with the x-amzn-errortype header; the client reads both. */
export class CognitoError extends Error {
  readonly type: string;
  readonly statusCode: number;
  constructor(type: string, message: string, statusCode = 400) {
    super(message);
    this.type = type;
    this.statusCode = statusCode;
  }
}

export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const notAuthorized = (message = 'Incorrect username or password.') =>
  new CognitoError('NotAuthorizedException', message);
