import type {
  JWSRenewalInfoDecodedPayload,
  JWSTransactionDecodedPayload,
  ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
} from '@apple/app-store-server-library';
import type { AppleProduct, Config } from '../../../config.ts';

/** A notification whose signature, chain, app or environment did not check out (the route's 400). */
export class AppleSignatureError extends Error {}

/** A notification and the signed transaction and renewal info it carries, each verified and decoded. */
export interface DecodedAppleNotification {
  notification: ResponseBodyV2DecodedPayload;
  transaction: JWSTransactionDecodedPayload | null;
  renewal: JWSRenewalInfoDecodedPayload | null;
}

export interface AppleVerifier {
  decode(signedPayload: string): Promise<DecodedAppleNotification>;
  /** Which plan and interval an App Store product sells (APPLE_PRODUCT_IDS). */
  products: Readonly<Record<string, AppleProduct>>;
}

/**
 * Apple's library (and the certificate code it brings), loaded with the first notification: 0.1 s of CPU and 9 MB
 * of heap that a server selling through the App Store only now and then need not spend at every start.
 */
const appleLibrary = () => import('@apple/app-store-server-library');
type AppleLibrary = Awaited<ReturnType<typeof appleLibrary>>;

/** Why a payload was refused, in words (VerificationStatus is a number). */
function reasons({ VerificationStatus }: AppleLibrary): Partial<Record<number, string>> {
  return {
    [VerificationStatus.VERIFICATION_FAILURE]:
      "the signature or its certificate chain does not verify against Apple's root",
    [VerificationStatus.INVALID_APP_IDENTIFIER]: 'it is for another app (bundle id or Apple id)',
    [VerificationStatus.INVALID_ENVIRONMENT]: 'it is for an environment this server does not accept',
    [VerificationStatus.INVALID_CHAIN_LENGTH]: 'its x5c certificate chain must hold three certificates',
    [VerificationStatus.INVALID_CERTIFICATE]: 'a certificate of its chain is not valid at its signed date',
    [VerificationStatus.FAILURE]: 'it is not an App Store signed payload',
  };
}

/** The environment a payload claims, read before verifying so the verifier of that environment checks it. */
function claimedEnvironment(signedPayload: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(signedPayload.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const environment = payload?.data?.environment ?? payload?.summary?.environment;
    return typeof environment === 'string' ? environment : null;
  } catch {
    return null;
  }
}

async function verified<T>(library: AppleLibrary, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof library.VerificationException)
      throw new AppleSignatureError(reasons(library)[error.status] ?? 'it does not verify');
    throw new AppleSignatureError('it does not verify');
  }
}

/**
 * The App Store's signed data verified with Apple's own library, offline (no OCSP: the chain is checked at the
 * payload's signed date against the configured roots). Null when App Store notifications are not configured.
 */
export function createAppleVerifier(config: Config): AppleVerifier | null {
  const roots = config.APPLE_ROOT_CERTS;
  const bundleId = config.APPLE_BUNDLE_ID;
  const products = config.APPLE_PRODUCT_IDS;
  if (!roots || !bundleId || !products) return null;
  let loaded: Promise<{ library: AppleLibrary; verifiers: Map<string, SignedDataVerifier> }> | undefined;
  const load = () => {
    loaded ??= appleLibrary().then((library) => {
      const { Environment } = library;
      const environments = { Production: Environment.PRODUCTION, Sandbox: Environment.SANDBOX } as const;
      const verifiers = new Map(
        config.APPLE_ENVIRONMENT.map((name) => {
          const environment = environments[name];
          const appAppleId = environment === Environment.PRODUCTION ? config.APPLE_APP_APPLE_ID : undefined;
          return [
            environment as string,
            new library.SignedDataVerifier(roots, false, environment, bundleId, appAppleId),
          ];
        }),
      );
      return { library, verifiers };
    });
    return loaded;
  };
  return {
    products,
    async decode(signedPayload) {
      const { library, verifiers } = await load();
      const verifier =
        verifiers.get(claimedEnvironment(signedPayload) ?? '') ?? ([...verifiers.values()][0] as SignedDataVerifier);
      const notification = await verified(library, () => verifier.verifyAndDecodeNotification(signedPayload));
      const data = notification.data;
      const transaction = data?.signedTransactionInfo
        ? await verified(library, () => verifier.verifyAndDecodeTransaction(data.signedTransactionInfo as string))
        : null;
      const renewal = data?.signedRenewalInfo
        ? await verified(library, () => verifier.verifyAndDecodeRenewalInfo(data.signedRenewalInfo as string))
        : null;
      return { notification, transaction, renewal };
    },
  };
}
