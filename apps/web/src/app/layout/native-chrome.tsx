import { PushPromptDialog } from '../../platform/push-prompt-dialog.tsx';
import { NativeTabBar } from './native-tab-bar.tsx';

/** What the native shell adds to the layout: the bottom tab bar and SPEC §4's push prompt (a chunk of its own). */
export default function NativeChrome() {
  return (
    <>
      <NativeTabBar />
      <PushPromptDialog />
    </>
  );
}
