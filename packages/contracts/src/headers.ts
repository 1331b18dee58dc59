/** Request headers of SPEC §7: client platform and build on every call, tokens when signed in. */
export const ClientHeader = {
  platform: 'x-client-platform',
  build: 'x-client-build',
  /** The bearer identity token travels in `authorization`; the access token in its own header. */
  accessToken: 'x-access-token',
  requestId: 'x-request-id',
} as const;

export const CLIENT_PLATFORMS = ['web', 'ios', 'android'] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

/** SPEC §9: client build 211 on web. */
export const WEB_CLIENT_BUILD = 211;
