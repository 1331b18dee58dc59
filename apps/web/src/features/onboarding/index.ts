/** The onboarding feature's public face: what other features use of it. */
export { canContinue, isFinished, ONBOARDING_STEPS, readOnboarding } from './onboarding-model.ts';
export { useGetUserSettingsQuery, useSaveUserSettingsMutation } from './settings-api.ts';
