import { NativeTabBar } from './native-tab-bar.tsx';
import { PushPromptDialog } from './push-prompt-dialog.tsx';

/** What the native shell adds to the layout: the bottom tab bar and SPEC §4's push prompt (a chunk of its own). */
export default function NativeChrome() {
  return (
    <>
      <NativeTabBar />
      <PushPromptDialog />
    </>
  );
}
